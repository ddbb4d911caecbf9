import type { QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import type { QuestionInput, QuestionPatch } from "@yarra/core/catalog/validation.ts";
import { api } from "../../lib/api.ts";

const BASE = "/api/admin/questions";
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const listQuestions = () => api.list<QuestionDto>(BASE);
// Service questions can only be attached to live services.
export const listServices = () => api.list<ServiceDto>("/api/admin/services");
export const createQuestion = (body: QuestionInput) => api.post<QuestionDto>(BASE, body);
export const updateQuestion = (id: string, body: QuestionPatch) => api.put<QuestionDto>(path(id), body);
export const deleteQuestion = (id: string) => api.delete<void>(path(id));
