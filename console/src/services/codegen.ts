/**
 * Typed calls of code generation (modules/codegen/README.md): entity definitions, the files they
 * generate (preview), the zip (download), and drafts read from a table of the database.
 */
import { download, request, type RequestOptions } from '@/utils/request';

import type { Page, Schema } from './api';

export type FieldType = SpecField['type'];

export type SearchMode = Exclude<NonNullable<SpecField['searchMode']>, ''>;

/** Texts per language tag (en, zh, ja, …). */
export type Labels = Record<string, string>;

export type SpecField = Schema<'codegen.FieldRequest'>;

/** A definition as the console edits and sends it (the server's answers fill every field). */
export type Spec = Schema<'codegen.SpecRequest'>;
export type SpecInput = Spec;

export type GeneratedFile = Schema<'codegen.File'>;

export type WiringEdit = Schema<'codegen.Edit'>;

export type Generated = Schema<'codegen.Generated'>;

export type Definition = Schema<'codegen.DefinitionView'>;

export type DefinitionDetail = Schema<'codegen.DefinitionDetail'>;

export type FormMeta = Schema<'codegen.FormMeta'>;

export type { Page };

const BASE = '/createFile';

export const formMeta = () => request<FormMeta>(`${BASE}/meta`);
export const listDefinitions = (params?: RequestOptions['params']) =>
  request<Page<Definition>>(`${BASE}/definition`, { params });
export const getDefinition = (id: number) => request<DefinitionDetail>(`${BASE}/definition/${id}`);
export const createDefinition = (data: SpecInput) =>
  request<DefinitionDetail>(`${BASE}/definition`, { method: 'POST', data, skipErrorHandler: true });
export const updateDefinition = (id: number, data: SpecInput) =>
  request<DefinitionDetail>(`${BASE}/definition/${id}`, {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
export const deleteDefinition = (id: number) =>
  request<null>(`${BASE}/definition/${id}`, { method: 'DELETE' });
export const previewSpec = (data: SpecInput) =>
  request<Generated>(`${BASE}/preview`, { method: 'POST', data, skipErrorHandler: true });
export const downloadSpec = (data: SpecInput) =>
  download(`${BASE}/download`, { method: 'POST', data, skipErrorHandler: true });
export const downloadDefinition = (id: number) => download(`${BASE}/definition/${id}/download`);
export const listTables = () => request<string[]>(`${BASE}/tables`);
export const draftFromTable = (table: string, module?: string, entity?: string) =>
  request<Spec>(`${BASE}/tables/${encodeURIComponent(table)}/draft`, {
    params: { module, entity },
  });
