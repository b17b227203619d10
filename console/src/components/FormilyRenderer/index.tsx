/**
 * The one renderer of process forms (Formily JSON Schema): the designer's preview, the start
 * form, task forms with the node's field permissions (read -> read-only, hidden -> not shown).
 * Lazy: only process pages import it.
 */
import {
  Checkbox,
  DatePicker,
  FormGrid,
  FormItem,
  FormLayout,
  Input,
  NumberPicker,
  Radio,
  Select,
  Switch,
  TimePicker,
} from '@formily/antd-v5';
import { createForm, type Form } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { Descriptions, Empty } from 'antd';
import React, { useMemo, useState } from 'react';
import { applyFieldPerms, type FieldPerms } from './perms';
import {
  Card,
  Divider,
  DishPicker,
  FileUpload,
  ImageUpload,
  Money,
  OrgPicker,
  Rate,
  UserPicker,
} from './widgets';
import { schemaFields } from '@/components/FormilyDesigner/model';
import { formatMessage } from '@/utils/intl';

export { applyFieldPerms } from './perms';
export { PeopleSelect } from './widgets';

const SchemaField = createSchemaField({
  components: {
    FormItem,
    FormGrid,
    FormLayout,
    Input,
    NumberPicker,
    Select,
    Radio,
    Checkbox,
    Switch,
    DatePicker,
    TimePicker,
    Money,
    Rate,
    ImageUpload,
    FileUpload,
    UserPicker,
    OrgPicker,
    DishPicker,
    Divider,
    Card,
  },
});

export type { Form } from '@formily/core';

/**
 * A Formily form (values + validation state) for a renderer, made once per component: the
 * arguments are its initial values, later ones do not replace the form the user is filling in.
 */
export function useProcessForm(initialValues?: Record<string, unknown>, readPretty = false): Form {
  const [form] = useState(() =>
    createForm({ initialValues: { ...(initialValues ?? {}) }, readPretty }),
  );
  return form;
}

export interface FormRendererProps {
  form: Form;
  schema: Record<string, any> | string | null | undefined;
  perms?: FieldPerms;
  layout?: 'vertical' | 'horizontal';
}

export const FormRenderer: React.FC<FormRendererProps> = ({
  form,
  schema,
  perms,
  layout = 'vertical',
}) => {
  const effective = useMemo(() => {
    let s = schema;
    if (typeof s === 'string') {
      try {
        s = JSON.parse(s);
      } catch {
        s = undefined;
      }
    }
    return s ? applyFieldPerms(s as Record<string, any>, perms) : undefined;
  }, [schema, perms]);
  if (!effective || !Object.keys(effective.properties ?? {}).length) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={formatMessage({ id: 'process.form.empty' })}
      />
    );
  }
  return (
    <FormProvider form={form}>
      <FormLayout layout={layout} labelCol={layout === 'horizontal' ? 6 : undefined}>
        <SchemaField schema={effective} />
      </FormLayout>
    </FormProvider>
  );
};

/**
 * Validates and answers the values; on failure throws (Formily shows the messages on the fields).
 */
export async function submitForm(form: Form): Promise<Record<string, unknown>> {
  await form.validate();
  return JSON.parse(JSON.stringify(form.values ?? {}));
}

/**
 * Shows the server's field errors (`form.<field>` or `<field>`) on the form's fields, also
 * on fields inside layout containers; answers whether any was shown. Errors naming no field
 * of the form (e.g. `variables.<name>`) are left to the caller's message.
 */
export function applyServerErrors(form: Form, fields: Record<string, string> | undefined): boolean {
  if (!fields) return false;
  let shown = false;
  Object.entries(fields).forEach(([key, message]) => {
    const name = key.startsWith('form.') ? key.slice(5) : key;
    const field = Object.values(form.fields).find(
      (f: any) =>
        f.displayName !== 'VoidField' &&
        (f.path.toString() === name || f.address.toString().endsWith(`.${name}`)),
    ) as any;
    if (field?.setFeedback) {
      field.setFeedback({ type: 'error', code: 'EffectError', messages: [message] });
      shown = true;
    }
  });
  return shown;
}

const display = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(display).join(', ');
  if (typeof v === 'boolean')
    return formatMessage({ id: v ? 'process.common.yes' : 'process.common.no' });
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** Submitted values labelled by the form's field titles (timeline snapshots, variables). */
export const FormValues: React.FC<{
  values: Record<string, unknown> | undefined;
  schema?: Record<string, any> | string | null;
  column?: number;
}> = ({ values, schema, column = 1 }) => {
  const fields = schemaFields(schema ?? {});
  const titles = new Map(fields.map((f) => [f.name, f.title]));
  const enumLabels = useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    let s: any = schema;
    if (typeof s === 'string') {
      try {
        s = JSON.parse(s);
      } catch {
        s = undefined;
      }
    }
    const walk = (props: Record<string, any> | undefined) =>
      Object.entries(props ?? {}).forEach(([k, v]) => {
        if (v?.properties) walk(v.properties);
        if (Array.isArray(v?.enum)) {
          out.set(
            k,
            new Map(
              v.enum.map((e: any) =>
                typeof e === 'object' ? [String(e.value), String(e.label)] : [String(e), String(e)],
              ),
            ),
          );
        }
      });
    walk(s?.properties);
    return out;
  }, [schema]);
  const entries = Object.entries(values ?? {});
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const order = new Map(fields.map((f, i) => [f.name, i]));
  entries.sort((a, b) => (order.get(a[0]) ?? 999) - (order.get(b[0]) ?? 999));
  return (
    <Descriptions size="small" column={column} bordered>
      {entries.map(([k, v]) => {
        const labels = enumLabels.get(k);
        const shown = labels
          ? Array.isArray(v)
            ? v.map((x) => labels.get(String(x)) ?? String(x)).join(', ')
            : (labels.get(String(v)) ?? display(v))
          : display(v);
        return (
          <Descriptions.Item key={k} label={titles.get(k) ?? k}>
            {shown}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
};

export default FormRenderer;
