import { queryOptions } from "@tanstack/react-query";
import type { QuestionDto } from "@yarra/api/client/types.ts";
import type { QuestionInput, QuestionPatch } from "@yarra/core/catalog/validation.ts";
import { api } from "../../lib/api.ts";

const BASE = "/api/admin/questions";
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const questionsQuery = queryOptions({ queryKey: ["questions"], queryFn: () => api.list<QuestionDto>(BASE) });
export const createQuestion = (body: QuestionInput) => api.post<QuestionDto>(BASE, body);
export const updateQuestion = (id: string, body: QuestionPatch) => api.put<QuestionDto>(path(id), body);
export const deleteQuestion = (id: string) => api.delete<void>(path(id));
