import { CHECKLIST, CHECKLIST_COLUMNS } from "./checklist.ts";

/** Tasks by area against the three packages; ticks carry a text alternative. */
export function ChecklistTable() {
  return (
    <div className="checklist">
      <table className="checklist__table">
        <caption className="checklist__caption">Cleaning checklist: tasks by area for each package</caption>
        <thead>
          <tr>
            <th scope="col">Task</th>
            {CHECKLIST_COLUMNS.map((column) => <th scope="col" key={column.key}>{column.label}</th>)}
          </tr>
        </thead>
        {CHECKLIST.map((group) => (
          <tbody key={group.area}>
            <tr className="checklist__area">
              <th scope="rowgroup" colSpan={CHECKLIST_COLUMNS.length + 1}>{group.area}</th>
            </tr>
            {group.tasks.map((row) => (
              <tr key={row.task}>
                <th scope="row">{row.task}</th>
                {CHECKLIST_COLUMNS.map((column) => (
                  <td key={column.key}>
                    {column.key === "endOfLease" ? null : row.included.includes(column.key)
                      ? (
                        <>
                          <span className="checklist__tick" aria-hidden="true">✓</span>
                          <span className="visually-hidden">Included</span>
                        </>
                      )
                      : (
                        <>
                          <span className="checklist__dash" aria-hidden="true">–</span>
                          <span className="visually-hidden">Not included</span>
                        </>
                      )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
