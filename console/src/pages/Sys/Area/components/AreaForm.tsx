import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import React from 'react';
import { createArea, updateArea, type AreaInput, type AreaView } from '@/services/sys-admin';
import LabelsFields from '../../shared/LabelsFields';
import { cleanLabels } from '../../shared/labels';
import { t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';

type Values = Omit<AreaInput, 'names'> & { names?: Record<string, string> };

/** Add an area one level below its parent, or edit its name, sort and translated names. */
const AreaForm: React.FC<{
  open: boolean;
  area?: AreaView;
  parent?: AreaView;
  onOpenChange: (open: boolean) => void;
  onSaved: (area: AreaView) => void;
}> = ({ open, area, parent, onOpenChange, onSaved }) => {
  const { formProps, finish } = useSysForm<Values>(open, onOpenChange, [
    'code',
    'name',
    'sort',
    'names',
  ]);
  return (
    <ModalForm<Values>
      name="areaForm"
      {...formProps}
      title={
        area
          ? t('sys.area.edit', { name: area.label || area.name })
          : parent
            ? t('sys.area.addChild', { name: parent.label || parent.name })
            : t('sys.area.addCountry')
      }
      width={640}
      initialValues={
        area
          ? { code: area.code, name: area.name, sort: area.sort, names: area.names ?? {} }
          : { sort: 0, names: {} }
      }
      onFinish={finish(
        !!area,
        (values) => {
          const data: AreaInput = {
            code: (area?.code ?? values.code ?? '').trim(),
            parentCode: area ? area.parentCode : (parent?.code ?? ''),
            name: values.name?.trim(),
            sort: values.sort ?? 0,
            names: cleanLabels(values.names),
          };
          return area ? updateArea(area.code, data) : createArea(data);
        },
        onSaved,
      )}
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
