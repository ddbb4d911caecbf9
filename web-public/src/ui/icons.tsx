/** Small line icons drawn in-house; decorative, so hidden from assistive technology. */
const paths = {
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3.5 2",
  sparkle: "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
  boxes: "M3 8l9-5 9 5v8l-9 5-9-5zm0 0l9 5 9-5M12 13v8",
  building: "M4 21V5l8-2v18M12 8h8v13M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20",
  school: "M2 9l10-5 10 5-10 5zm4 2v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6",
  key: "M14 10a4 4 0 1 0-3.5 4L9 15.5V18H7v2H4v-3l6.1-6.1A4 4 0 0 0 14 10zm1-1h.01",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zm-3.5 9l2.5 2.5 4.5-5",
  leaf: "M5 19c0-9 6-14 15-14 0 9-5 15-14 15m0-1c3-4 6-7 10-9",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
  heart: "M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
  chat: "M4 5h16v11H9l-5 4z",
  mail: "M3 6h18v12H3zm0 0l9 7 9-7",
  pin: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  cross: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  bag: "M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2",
  warehouse: "M2 21V9l10-6 10 6v12M6 21v-8h12v8M6 17h12",
  bed: "M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11.5a1.5 1.5 0 1 0 0-.01",
  truck: "M2 6h11v10H2zM13 10h5l3 3v3h-8M6 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01",
  phone: "M6 3h4l2 5-2.5 1.5a11 11 0 0 0 5 5L16 12l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
