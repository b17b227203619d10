import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import React from 'react';
import { createArea, updateArea, type AreaInput, type AreaView } from '@/services/sys-admin';
import { showFormError } from '@/utils/fieldErrors';
import LabelsFields from '../../shared/LabelsFields';
import { cleanLabels } from '../../shared/labels';
import { t } from '../../shared/text';
import { useModalFormGuard } from '@/components/Sheet';

type Values = Omit<AreaInput, 'names'> & { names?: Record<string, string> };

/** Add an area one level below its parent, or edit its name, sort and translated names. */
const AreaForm: React.FC<{
  open: boolean;
  area?: AreaView;
  parent?: AreaView;
  onOpenChange: (open: boolean) => void;
  onSaved: (area: AreaView) => void;
}> = ({ open, area, parent, onOpenChange, onSaved }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const guard = useModalFormGuard(form, open);
  return (
    <ModalForm<Values>
      name="areaForm"
      form={form}
      open={open}
      onOpenChange={guard.openChange(onOpenChange)}
      title={
        area
          ? t('sys.area.edit', { name: area.label || area.name })
          : parent
            ? t('sys.area.addChild', { name: parent.label || parent.name })
            : t('sys.area.addCountry')
      }
      width={640}
      layout="vertical"
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      initialValues={
        area
          ? { code: area.code, name: area.name, sort: area.sort, names: area.names ?? {} }
          : { sort: 0, names: {} }
      }
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={guard.finish(async (values) => {
        const data: AreaInput = {
          code: (area?.code ?? values.code ?? '').trim(),
          parentCode: area ? area.parentCode : (parent?.code ?? ''),
          name: values.name?.trim(),
          sort: values.sort ?? 0,
          names: cleanLabels(values.names),
        };
        try {
          const saved = area ? await updateArea(area.code, data) : await createArea(data);
          message.success(area ? t('common.modifySucceed') : t('sys.createSucceed'));
          onSaved(saved);
          return true;
        } catch (e) {
          const text = showFormError(form, e, ['code', 'name', 'sort', 'names']);
          if (text) message.error(text);
          return false;
        }
      })}
    >
      <ProFormText
        name="code"
        label={t('sys.area.code')}
        disabled={!!area}
        tooltip={t('sys.area.code.hint')}
        rules={[
          { required: true, whitespace: true, message: t('sys.area.code.required') },
          { pattern: /^[A-Z0-9_-]+$/, message: t('sys.area.code.hint') },
        ]}
      />
      <ProFormText
        name="name"
        label={t('sys.area.name')}
        rules={[{ required: true, whitespace: true, message: t('sys.area.name.required') }]}
      />
      <ProFormDigit name="sort" label={t('sys.sort')} fieldProps={{ precision: 0 }} />
      <LabelsFields prefix="names" title={t('sys.area.names')} />
    </ModalForm>
  );
};

export default AreaForm;
