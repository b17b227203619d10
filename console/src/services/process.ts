/**
 * Typed calls of the process API (modules/process/handlers.go): forms, models,
 * definitions, instances and the task inbox.
 */
import { refreshLive } from '@/utils/live';
import { request, type RequestOptions } from '@/utils/request';

export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export type Params = RequestOptions['params'];

/** Formily JSON Schema (a plain object). */
export type FormSchema = Record<string, any>;

export interface ProcessForm {
  id: number;
  merchantId: number;
  key: string;
  name: string;
  description: string;
  version: number;
  /** the newest version's schema as JSON text */
  schema: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface FormVersion {
  id: number;
  formId: number;
  version: number;
  schema: string;
  createdBy: string;
  createdAt: string;
}

export interface FormDetail extends ProcessForm {
  versions: FormVersion[];
}

export interface FormInput {
  key: string;
  name: string;
  description?: string;
  schema: FormSchema;
}

export interface FormBindings {
  start: string;
  tasks: Record<string, string>;
}

export interface ModelIssue {
  elementId: string;
  type: string;
  message: string;
  line?: number;
}

export interface ProcessModel {
  id: number;
  merchantId: number;
  key: string;
  name: string;
  category: string;
  description: string;
  deployedVersion: number;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface SavedModel extends ProcessModel {
  bpmnXml: string;
  formBindings: FormBindings;
  issues: ModelIssue[];
}

export interface ModelInput {
  name: string;
  key: string;
  category?: string;
  description?: string;
  bpmnXml: string;
  formBindings?: FormBindings;
  settings?: unknown;
}

export interface Deployed {
  definitionId: number;
  key: string;
  version: number;
}

export interface FrozenForm {
  key: string;
  name: string;
  version: number;
  schema: FormSchema;
}

export interface Definition {
  id: number;
  merchantId: number;
  modelId: number;
  key: string;
  version: number;
  name: string;
  category: string;
  processId: string;
  startFormKey: string;
  status: 'active' | 'suspended' | string;
  /** A module's own process (the sign-up review, the ad review): only that module starts it. */
  system: boolean;
  deployedBy: string;
  deployedAt: string;
}

export interface DefinitionDetail extends Definition {
  bpmnXml: string;
  forms: Record<string, FrozenForm>;
  startForm: FrozenForm | null;
  running: number;
}

export type InstanceState =
  'running' | 'completed' | 'rejected' | 'cancelled' | 'withdrawn' | 'failed';

export interface Instance {
  id: number;
  merchantId: number;
  definitionId: number;
  definitionKey: string;
  version: number;
  name: string;
  title: string;
  businessKey: string;
  initiatorId: number;
  initiatorName: string;
  state: InstanceState | string;
  parentId: number;
  startedAt: string;
  endedAt: string | null;
  updatedAt: string;
}

export interface TaskView {
  id: number;
  merchantId: number;
  instanceId: number;
  nodeId: string;
  activation: number;
  index: number;
  name: string;
  definitionKey: string;
  processName: string;
  title: string;
  initiatorId: number;
  initiatorName: string;
  assigneeId: number;
  ownerId: number;
  status: 'open' | 'closed' | string;
  outcome: string;
  formKey: string;
  dueAt: string | null;
  closedBy: number;
  closedAt: string | null;
  createdAt: string;
  assigneeName: string;
  claimable: boolean;
}

export interface TimelineItem {
  id: number;
  instanceId: number;
  seq: number;
  kind: string;
  nodeId: string;
  nodeName: string;
  nodeKind: string;
  flowId: string;
  taskId: number;
  actorId: number;
  actorName: string;
  action: string;
  comment: string;
  time: string;
  data?: Record<string, any>;
}

export interface InstanceView extends Instance {
  bpmnXml: string;
  variables: Record<string, unknown>;
  timeline: TimelineItem[];
  doneNodes: string[];
  activeNodes: string[];
  rejectedNodes: string[];
  takenFlows: string[];
  tasks: TaskView[];
  /** Nodes that failed and wait for an administrator's retry (or a cancel). */
  failures?: NodeFailure[];
}

export interface NodeFailure {
  nodeId: string;
  nodeName: string;
  reason: string;
}

export type FieldAccess = 'read' | 'write' | 'hidden';

export interface TaskDetail extends TaskView {
  instance: InstanceView;
  form: FrozenForm | null;
  fieldPerms: Record<string, FieldAccess>;
  actions: string[];
  returnTargets: { id: string; name: string }[];
  variables: Record<string, unknown>;
  canAct: boolean;
  canClaim: boolean;
}

export interface CCView {
  id: number;
  instanceId: number;
  taskId: number;
  userId: number;
  kind: 'cc' | 'urge' | 'remind' | string;
  fromId: number;
  fromName: string;
  comment: string;
  readAt: string | null;
  createdAt: string;
  title: string;
  processName: string;
  state: string;
  nodeName: string;
}

export interface PersonRef {
  id: number;
  username: string;
  realName: string;
  orgName: string;
}

export interface StartInput {
  definitionKey?: string;
  definitionId?: number;
  businessKey?: string;
  title?: string;
  variables: Record<string, unknown>;
}

export interface ActInput {
  comment?: string;
  formData?: Record<string, unknown>;
  targetNode?: string;
  userIds?: number[];
}

export const TASK_ACTIONS = [
  'claim',
  'unclaim',
  'complete',
  'approve',
  'reject',
  'return',
  'transfer',
  'delegate',
  'resolve',
  'addSigner',
  'removeSigner',
  'comment',
  'urge',
  'cc',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

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
  request<{ instanceId: number }>('/process/instance/start', { method: 'POST', data, ...opts });
export const listInstances = (params?: Params) =>
  request<Page<Instance>>('/process/instance', { params });
export const listRelatedInstances = (params?: Params) =>
  request<Page<Instance>>('/process/instance/related', { params });
export const getInstance = (id: number, options?: RequestOptions) =>
  request<InstanceView>(`/process/instance/${id}`, options);
export const cancelInstance = (id: number, reason: string) =>
  request<null>(`/process/instance/${id}/cancel`, { method: 'POST', data: { reason } });

/** Runs the failed nodes again after setting variables (administrators); answers the instance. */
export const retryInstance = (
  id: number,
  data: { nodeId?: string; variables?: Record<string, unknown>; comment?: string },
) => request<InstanceView>(`/process/instance/${id}/retry`, { method: 'POST', data });
export const withdrawInstance = (id: number) =>
  request<null>(`/process/instance/${id}/withdraw`, { method: 'POST' });

// ---- inbox

export const listTodo = (params?: Params) =>
  request<Page<TaskView>>('/process/task/todo', { params });
export const todoCount = () =>
  request<{ count: number }>('/process/task/todo/count', { skipErrorHandler: true });
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
) => request<unknown>(`/process/task/${id}/${action}`, { method: 'POST', data, ...opts });

/** People of the caller's organisation for hand-overs (transfer, delegate, signers, CC). */
export const searchPeople = (keyword?: string) =>
  request<PersonRef[]>('/process/people', { params: { keyword }, skipErrorHandler: true });

/** Roles for the modeler's candidate roles (needs sys:role query; optional). */
export const listRoles = () =>
  request<Page<{ id: number; roleCode?: string; code?: string; roleName?: string; name?: string }>>(
    '/sys/role',
    { params: { pageNo: 1, pageSize: 200 }, skipErrorHandler: true },
  );

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
