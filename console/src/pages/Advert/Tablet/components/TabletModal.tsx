/** Add or edit a tablet: venue (when adding), number, name, enabled. */
import { Form, Input, Select, Switch } from 'antd';
import React, { useEffect } from 'react';
import SaveModal from '@/components/SaveModal';
import { useSaveForm } from '@/hooks/useSaveForm';
import { createTablet, updateTablet, type Tablet, type TabletDetail } from '@/services/advert';
import { formFields } from '@/utils/fieldErrors';
import { t } from '../../shared/text';
import type { VenueOption } from '../../shared/useAdvertData';

interface Values {
  venueId?: number;
  number?: string;
  name?: string;
  enabled?: boolean;
}

const FORM_FIELDS = ['venueId', 'number', 'name', 'enabled'];

export interface TabletModalProps {
  open: boolean;
  tablet?: Tablet;
  venues: VenueOption[];
  /** the user's own venue (venue staff add tablets there) */
  defaultVenueId?: number;
  onClose: () => void;
  /** created: the answer carries the key, shown once */
  onSaved: (tablet: TabletDetail, created: boolean) => void;
}

const TabletModal: React.FC<TabletModalProps> = ({
  open,
  tablet,
  venues,
  defaultVenueId,
  onClose,
  onSaved,
}) => {
  const saveForm = useSaveForm<Values>(formFields(FORM_FIELDS, { status: 'enabled' }));
  const { form, setAlert, save } = saveForm;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another tablet is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return;
    setAlert(undefined);
    form.resetFields();
    form.setFieldsValue(
      tablet
        ? {
            venueId: tablet.venueId,
            number: tablet.number,
            name: tablet.name,
            enabled: tablet.status === 1,
          }
        : {
            venueId: defaultVenueId || (venues.length === 1 ? venues[0].id : undefined),
            enabled: true,
          },
    );
  }, [open, tablet?.id]);

  const submit = save(
    (values) => {
      const body = {
        venueId: values.venueId,
        number: (values.number ?? '').trim(),
        name: (values.name ?? '').trim(),
        status: (values.enabled ? 1 : 0) as 0 | 1,
      };
      return tablet ? updateTablet(tablet.id, body) : createTablet(body);
    },
    (saved) => onSaved(saved, !tablet),
  );

  return (
    <SaveModal
      open={open}
      title={tablet ? t('advert.tablet.edit') : t('advert.tablet.add')}
      state={saveForm}
      onClose={onClose}
      onOk={submit}
      okTestId="tablet-save"
    >
      <Form<Values> form={form} layout="vertical" name="advertTablet">
        <Form.Item
          name="venueId"
          label={t('advert.tablet.venue')}
          rules={[
            { required: !tablet && !defaultVenueId, message: t('advert.tablet.venueRequired') },
          ]}
        >
          <Select
            disabled={!!tablet}
            showSearch
            optionFilterProp="label"
            placeholder={t('advert.tablet.venuePlaceholder')}
            options={venues.map((v) => ({ value: v.id, label: v.name }))}
            data-testid="tablet-venue"
          />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('advert.tablet.number')}
          tooltip={t('advert.tablet.numberHint')}
          rules={[{ required: true, whitespace: true, message: t('advert.tablet.numberRequired') }]}
        >
          <Input maxLength={32} data-testid="tablet-number" />
        </Form.Item>
        <Form.Item name="name" label={t('advert.tablet.name')}>
          <Input maxLength={64} data-testid="tablet-name" />
        </Form.Item>
        <Form.Item name="enabled" label={t('advert.tablet.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </SaveModal>
  );
};

export default TabletModal;
