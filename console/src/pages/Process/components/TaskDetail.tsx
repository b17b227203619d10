/**
 * A task in a drawer: its form rendered with the node's field permissions, the actions the
 * node offers (reasons required where the engine requires them), the diagram and the timeline.
 */
import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { useModel } from '@umijs/max';
import { InstanceBody, InstanceSummary } from './InstanceDetail';
import { actionLabel, StateTag, t } from './labels';
import { TaskPreview } from '@/components/TaskPreview';
import {
  applyServerErrors,
  FormRenderer,
  PeopleSelect,
  submitForm,
  useProcessForm,
} from '@/components/FormilyRenderer';
import {
  actOnTask,
  getTask,
  notifyTodoChanged,
  type TaskAction,
  type TaskDetail,
} from '@/services/process';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { RequestError } from '@/utils/request';
import { formatStaffTime } from '@/utils/zone';
import { useDiscardGuard } from '@/components/Sheet';

const NEEDS_COMMENT: TaskAction[] = ['reject', 'return', 'comment'];
const ONE_USER: TaskAction[] = ['transfer', 'delegate'];
const MANY_USERS: TaskAction[] = ['addSigner', 'removeSigner', 'cc'];
const WITH_FORM: TaskAction[] = ['approve', 'complete', 'resolve'];
/** decisions whose comment is the form's opinion */
const DECISIONS: TaskAction[] = ['approve', 'reject', 'complete', 'resolve'];
/** what a candidate may do without taking the task */
const OPEN_TO_CANDIDATES: TaskAction[] = ['claim', 'comment', 'cc', 'urge'];

/**
 * Form fields that hold the decision's comment (the ad review's "opinion"): the action dialog's
 * comment is their value, so the reviewer types one text, shown to the merchant and on the
 * timeline alike. While the task is editable they are not shown in the form itself.
 */
export const COMMENT_FIELDS = ['opinion'];

/** The form's top-level properties that are comment fields. */
export function commentFieldsOf(schema: unknown): string[] {
  let parsed: unknown = schema;
  if (typeof schema === 'string') {
    try {
      parsed = JSON.parse(schema);
    } catch {
      return [];
    }
  }
  const props = parsed && typeof parsed === 'object' ? (parsed as { properties?: unknown }).properties : undefined;
  return props && typeof props === 'object' ? COMMENT_FIELDS.filter((f) => f in props) : [];
}

/** The schema with its comment fields hidden (the comment box of the action dialog fills them). */
export function hideCommentFields(schema: unknown): unknown {
  const fields = commentFieldsOf(schema);
  if (!fields.length) return schema;
  const parsed = (typeof schema === 'string' ? JSON.parse(schema) : schema) as { properties?: Record<string, object> };
  const properties = { ...parsed.properties };
  for (const f of fields) properties[f] = { ...properties[f], 'x-display': 'hidden' };
  return { ...parsed, properties };
}

/** A form schema as the renderer takes it: the parsed JSON object, or its text. */
type FormSchema = Record<string, unknown> | string | undefined;

const TaskForm: React.FC<{
  detail: TaskDetail;
  editable: boolean;
  formRef: React.MutableRefObject<ReturnType<typeof useProcessForm> | undefined>;
}> = ({ detail, editable, formRef }) => {
  const form = useProcessForm(detail.variables, !editable);
  formRef.current = form;
  if (!detail.form) return null;
  const schema = editable ? hideCommentFields(detail.form.schema) : detail.form.schema;
  const onlyComments =
    editable && commentFieldsOf(detail.form.schema).length > 0 &&
    Object.keys((typeof schema === 'object' && schema && (schema as { properties?: object }).properties) || {}).every((k) =>
      COMMENT_FIELDS.includes(k),
    );
  // a form that is only the comment has nothing left to show: the action dialog asks for it
  if (onlyComments) return <FormRenderer form={form} schema={schema as FormSchema} perms={detail.fieldPerms} />;
  return (
    <Card size="small" title={detail.form.name} data-testid="task-form">
      <FormRenderer form={form} schema={schema as FormSchema} perms={detail.fieldPerms} />
    </Card>
  );
};

export const TaskDrawer: React.FC<{
  id?: number;
  onClose: () => void;
  onChanged?: () => void;
}> = ({ id, onClose, onChanged }) => {
  const [detail, setDetail] = useState<TaskDetail>();
  const [action, setAction] = useState<TaskAction>();
  const [comment, setComment] = useState('');
  const [target, setTarget] = useState<string>();
  const [users, setUsers] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const formRef = React.useRef<ReturnType<typeof useProcessForm>>();
  // unsaved input: the task's form was edited, or the action dialog holds a comment
  const guardDrawer = useDiscardGuard(() => !!formRef.current?.modified);
  const guardAction = useDiscardGuard(() => !!comment.trim());
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser?.userId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: onClose is the parent's inline callback, new on every render: it must not reload the task
  const load = useCallback(() => {
    if (!id) return;
    getTask(id)
      .then(setDetail)
      .catch(() => onClose());
  }, [id]);
  useEffect(() => {
    setDetail(undefined);
    load();
  }, [load]);

  const run = async (
    a: TaskAction,
    extra: { comment?: string; targetNode?: string; userIds?: number[] } = {},
  ) => {
    if (!detail) return;
    setBusy(true);
    setError(undefined);
    try {
      let formData: Record<string, unknown> | undefined;
      const commentFields = detail.form ? commentFieldsOf(detail.form.schema) : [];
      if (commentFields.length && formRef.current && DECISIONS.includes(a)) {
        // one text: the dialog's comment is also the form's opinion
        const text = extra.comment ?? '';
        formRef.current.setValues(Object.fromEntries(commentFields.map((f) => [f, text])));
      }
      if (WITH_FORM.includes(a) && detail.form && formRef.current) {
        try {
          formData = await submitForm(formRef.current);
        } catch {
          setBusy(false);
          feedback.error(t('process.task.fixForm'));
          return false;
        }
      }
      if (detail.canClaim && !detail.canAct && !OPEN_TO_CANDIDATES.includes(a)) {
        // claimed implicitly on the first action (no separate claim step)
        await actOnTask(detail.id, 'claim', {}, { skipErrorHandler: true });
      }
      if (commentFields.length && DECISIONS.includes(a) && !formData && formRef.current) {
        formData = JSON.parse(JSON.stringify(formRef.current.values ?? {}));
      }
      await actOnTask(detail.id, a, { ...extra, formData }, { skipErrorHandler: true });
      feedback.success(t('process.task.done', { action: actionLabel(a) }));
      notifyTodoChanged();
      onChanged?.();
      if (
        a === 'claim' ||
        a === 'unclaim' ||
        a === 'comment' ||
        a === 'cc' ||
        a === 'urge' ||
        a === 'addSigner' ||
        a === 'removeSigner'
      ) {
        load();
      } else {
        onClose();
      }
      return true;
    } catch (e) {
      if (e instanceof RequestError && e.fields && formRef.current)
        applyServerErrors(formRef.current, e.fields);
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const openAction = (a: TaskAction) => {
    setComment('');
    setTarget(undefined);
    setUsers([]);
    setError(undefined);
    setAction(a);
  };

  const confirm = async () => {
    if (!action) return;
    const ok = await run(action, {
      comment: comment.trim() || undefined,
      targetNode: action === 'return' ? target : undefined,
      userIds: users.length ? users : undefined,
    });
    if (ok) setAction(undefined);
  };

  const offered = new Set(detail?.actions ?? []);
  const open = detail?.status === 'open';
  const canAct = !!detail?.canAct;
  const delegated =
    !!detail &&
    detail.ownerId !== 0 &&
    detail.ownerId !== detail.assigneeId &&
    detail.assigneeId === me;
  const buttons: { a: TaskAction; primary?: boolean; danger?: boolean }[] = [];
  // a candidate sees the assignee's actions: the first one claims the task implicitly
  const mayDecide = canAct || !!detail?.canClaim;
  if (detail && open) {
    if (mayDecide) {
      if (delegated) buttons.push({ a: 'resolve', primary: true });
      else if (offered.has('approve')) buttons.push({ a: 'approve', primary: true });
      else buttons.push({ a: 'complete', primary: true });
      if (offered.has('reject')) buttons.push({ a: 'reject', danger: true });
      if (offered.has('return') && detail.returnTargets.length) buttons.push({ a: 'return' });
      if (offered.has('transfer')) buttons.push({ a: 'transfer' });
      if (offered.has('delegate') && !delegated) buttons.push({ a: 'delegate' });
      if (offered.has('addSigner')) buttons.push({ a: 'addSigner' });
    }
    if (detail.canClaim) buttons.push({ a: 'claim' });
    if (canAct || detail.canClaim || detail.initiatorId === me) {
      if (offered.has('comment') || detail.initiatorId === me) buttons.push({ a: 'comment' });
      buttons.push({ a: 'cc' });
    }
    if (detail.initiatorId === me && !canAct) buttons.push({ a: 'urge' });
  }

  /** approve/complete/resolve/claim/unclaim/urge go at once; others ask for details first. */
  const direct = (a: TaskAction) => ['claim', 'unclaim', 'urge'].includes(a);

  return (
    <Drawer
      open={!!id}
      onClose={guardDrawer(onClose)}
      width="min(1100px, 96vw)"
      destroyOnClose
      title={
        detail ? (
          <Space>
            {detail.name}
            <StateTag state={detail.status} />
          </Space>
        ) : (
          t('process.task.detail')
        )
      }
      footer={
        buttons.length ? (
          <Space wrap data-testid="task-actions">
            {buttons.map(({ a, primary, danger }) => (
              <Button
                key={a}
                type={primary ? 'primary' : 'default'}
                danger={danger}
                loading={busy && (direct(a) || WITH_FORM.includes(a))}
                onClick={() => (direct(a) ? run(a) : openAction(a))}
                data-testid={`task-action-${a}`}
              >
                {actionLabel(a)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {!detail ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="task-detail">
          {error && !action && (
            <Alert
              type="error"
              showIcon
              message={error}
              closable
              onClose={() => setError(undefined)}
            />
          )}
          <Card size="small">
            <InstanceSummary inst={detail.instance} />
            <Space wrap>
              <Tag>
                {t('process.task.node')}: {detail.name}
              </Tag>
              <Tag>
                {t('process.task.assignee')}: {detail.assigneeName || t('process.task.unclaimed')}
              </Tag>
              <Tag>
                {t('process.common.createdAt')}: {formatStaffTime(detail.createdAt)}
              </Tag>
              {detail.dueAt && (
                <Tag color="orange">
                  {t('process.task.dueAt')}: {formatStaffTime(detail.dueAt)}
                </Tag>
              )}
            </Space>
          </Card>
          <TaskPreview definitionKey={detail.definitionKey} variables={detail.variables} />
          <TaskForm
            key={`${detail.id}-${detail.assigneeId}`}
            detail={detail}
            editable={mayDecide && open}
            formRef={formRef}
          />
          <InstanceBody inst={detail.instance} />
        </Space>
      )}
      <Modal
        open={!!action}
        title={action ? actionLabel(action) : ''}
        onCancel={guardAction(() => setAction(undefined))}
        onOk={confirm}
        confirmLoading={busy}
        okButtonProps={{
          ...{ 'data-testid': 'task-action-confirm' },
          disabled:
            !!action &&
            ((NEEDS_COMMENT.includes(action) && !comment.trim()) ||
              (action === 'return' && !target) ||
              ((ONE_USER.includes(action) || MANY_USERS.includes(action)) && !users.length)),
        }}
        destroyOnClose
      >
        <Form layout="vertical">
          {action === 'return' && (
            <Form.Item label={t('process.task.returnTo')} required>
              <Select
                value={target}
                onChange={setTarget}
                options={(detail?.returnTargets ?? []).map((n) => ({
                  label: n.name || n.id,
                  value: n.id,
                }))}
                data-testid="task-return-target"
              />
            </Form.Item>
          )}
          {action && (ONE_USER.includes(action) || MANY_USERS.includes(action)) && (
            <Form.Item label={t('process.task.people')} required>
              <PeopleSelect
                multiple={MANY_USERS.includes(action)}
                value={MANY_USERS.includes(action) ? users : users[0]}
                onChange={(v: number | number[] | undefined) =>
                  setUsers(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
                }
                data-testid="task-people"
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('process.task.comment')}
            required={!!action && NEEDS_COMMENT.includes(action)}
            help={
              action && NEEDS_COMMENT.includes(action)
                ? t('process.task.commentRequired')
                : undefined
            }
          >
            <Input.TextArea
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              data-testid="task-comment"
            />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} />}
        </Form>
      </Modal>
    </Drawer>
  );
};

export default TaskDrawer;
