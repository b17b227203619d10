/**
 * Typed calls of the process API (modules/process/*_handlers.go): forms, models,
 * definitions, instances and the task inbox. Shapes are the server's, generated from its
 * OpenAPI document (./api.ts); the names below only alias them.
 */
import { refreshLive } from '@/utils/live';
import { request, type RequestOptions } from '@/utils/request';

import type { Page, Schema } from './api';

export type { Page };

export type Params = RequestOptions['params'];

export type ProcessForm = Schema<'process.Form'>;
export type FormDetail = Schema<'process.FormDetail'>;
export type FormInput = Schema<'process.FormInput'>;

export type FormBindings = Schema<'process.FormBindings'>;
export type ModelIssue = Schema<'bpmn.Issue'>;
export type ProcessModel = Schema<'process.Model'>;
export type SavedModel = Schema<'process.SavedModel'>;
export type ModelInput = Schema<'process.ModelInput'>;
export type Deployed = Schema<'process.Deployed'>;

export type FrozenForm = Schema<'process.FrozenForm'>;
/** A module's own process (`system`: the sign-up review, the ad review) only that module starts. */
export type Definition = Schema<'process.Definition'>;
export type DefinitionDetail = Schema<'process.DefinitionDetail'>;

export type Instance = Schema<'process.Instance'>;
export type TimelineItem = Schema<'process.TimelineItem'>;
export type InstanceView = Schema<'process.InstanceView'>;
export type StartInput = Schema<'process.StartInput'>;
export type RetryInput = Schema<'process.RetryInput'>;

export type TaskView = Schema<'process.TaskView'>;
export type TaskDetail = Schema<'process.TaskDetail'>;
export type FieldAccess = TaskDetail['fieldPerms'][string];
export type TaskAction = TaskDetail['actions'][number];
export type ActInput = Schema<'process.ActInput'>;
export type TaskUpdate = Schema<'engine.TaskUpdateResult'>;
export type CCView = Schema<'process.CCView'>;
export type PersonRef = Schema<'process.PersonRef'>;

// ---- forms

export const listForms = (params?: Params) =>
  request<Page<ProcessForm>>('/process/form', { params });
export const getForm = (id: number) => request<FormDetail>(`/process/form/${id}`);
export const saveForm = (data: FormInput, opts: Partial<RequestOptions> = {}) =>
  request<ProcessForm>('/process/form', { method: 'POST', data, ...opts });
export const deleteForm = (id: number) =>
  request<null>(`/process/form/${id}`, { method: 'DELETE' });

// ---- models

export const listModels = (params?: Params) =>
  request<Page<ProcessModel>>('/process/model', { params });
export const getModel = (id: number) => request<SavedModel>(`/process/model/${id}`);
export const createModel = (data: ModelInput, opts: Partial<RequestOptions> = {}) =>
  request<SavedModel>('/process/model', { method: 'POST', data, ...opts });
export const updateModel = (id: number, data: ModelInput, opts: Partial<RequestOptions> = {}) =>
  request<SavedModel>(`/process/model/${id}`, { method: 'PUT', data, ...opts });
export const deleteModel = (id: number) =>
  request<null>(`/process/model/${id}`, { method: 'DELETE' });
/** Answers the definition; a model with issues fails with code 10001 and `result` = issues. */
export const deployModel = (id: number, opts: Partial<RequestOptions> = {}) =>
  request<Deployed>(`/process/model/${id}/deploy`, { method: 'POST', ...opts });

// ---- definitions

export const listDefinitions = (params?: Params) =>
  request<Page<Definition>>('/process/definition', { params });
export const getDefinition = (id: number) => request<DefinitionDetail>(`/process/definition/${id}`);
export const suspendDefinition = (id: number) =>
  request<null>(`/process/definition/${id}/suspend`, { method: 'POST' });
export const activateDefinition = (id: number) =>
  request<null>(`/process/definition/${id}/activate`, { method: 'POST' });
export const deleteDefinition = (id: number) =>
  request<null>(`/process/definition/${id}`, { method: 'DELETE' });

// ---- instances

export const listStartable = () => request<DefinitionDetail[]>('/process/startable');
export const startInstance = (data: StartInput, opts: Partial<RequestOptions> = {}) =>
  request<Schema<'process.Started'>>('/process/instance/start', { method: 'POST', data, ...opts });
export const listInstances = (params?: Params) =>
  request<Page<Instance>>('/process/instance', { params });
export const listRelatedInstances = (params?: Params) =>
  request<Page<Instance>>('/process/instance/related', { params });
export const getInstance = (id: number, options?: RequestOptions) =>
  request<InstanceView>(`/process/instance/${id}`, options);
export const cancelInstance = (id: number, reason: string) =>
  request<null>(`/process/instance/${id}/cancel`, {
    method: 'POST',
    data: { reason } satisfies Schema<'process.ReasonInput'>,
  });

/** Runs the failed nodes again after setting variables (administrators); answers the instance. */
export const retryInstance = (id: number, data: RetryInput) =>
  request<InstanceView>(`/process/instance/${id}/retry`, { method: 'POST', data });
export const withdrawInstance = (id: number) =>
  request<null>(`/process/instance/${id}/withdraw`, { method: 'POST' });

// ---- inbox

export const listTodo = (params?: Params) =>
  request<Page<TaskView>>('/process/task/todo', { params });
export const todoCount = () =>
  request<Schema<'process.Count'>>('/process/task/todo/count', { skipErrorHandler: true });
export const listDone = (params?: Params) =>
  request<Page<TaskView>>('/process/task/done', { params });
export const listCC = (params?: Params) => request<Page<CCView>>('/process/task/cc', { params });
/** Marks a notice copied to me as read (quietly: a failure only leaves it unread). */
export const readCC = (id: number) =>
  request<null>(`/process/task/cc/${id}/read`, { method: 'POST', skipErrorHandler: true });
export const listStarted = (params?: Params) =>
  request<Page<Instance>>('/process/task/started', { params });
export const listAllTasks = (params?: Params) =>
  request<Page<TaskView>>('/process/task', { params });
export const getTask = (id: number) => request<TaskDetail>(`/process/task/${id}`);
export const actOnTask = (
  id: number,
  action: TaskAction,
  data: ActInput = {},
  opts: Partial<RequestOptions> = {},
) => request<TaskUpdate>(`/process/task/${id}/${action}`, { method: 'POST', data, ...opts });

/** People of the caller's organisation for hand-overs (transfer, delegate, signers, CC). */
export const searchPeople = (keyword?: string) =>
  request<PersonRef[]>('/process/people', { params: { keyword }, skipErrorHandler: true });

/** Roles for the modeler's candidate roles (needs sys:role query; optional). */
export const listRoles = () =>
  request<Page<Schema<'sys.Role'>>>('/sys/role', {
    params: { pageNo: 1, pageSize: 200 },
    skipErrorHandler: true,
  });

/** Tells the header badge and lists that the inbox changed. */
export const TODO_CHANGED_EVENT = 'venue:process-todo-changed';
export const notifyTodoChanged = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TODO_CHANGED_EVENT));
  refreshLive(TODO_LIVE);
};

/**
 * The live key of the caller's open tasks (utils/live.ts): the header badge, the inbox and the
 * side menu follow it, so they always show the same count and the inbox reloads when a task
 * arrives or leaves (a new task changes `newest` even when another one closed at the same time).
 */
export const TODO_LIVE = 'process.todo';
export interface TodoSignal {
  count: number;
  newest: number;
}
export const probeTodo = (): Promise<TodoSignal> =>
  request<Page<TaskView>>('/process/task/todo', {
    params: { pageNo: 1, pageSize: 1 },
    skipErrorHandler: true,
  }).then((p) => ({ count: p.total, newest: p.records[0]?.id ?? 0 }));
