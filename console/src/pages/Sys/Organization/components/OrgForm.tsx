import { PictureOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import React from 'react';
import ImageUpload from '@/components/ImageUpload';
import { createOrg, updateOrg, type Org, type OrgInput } from '@/services/sys-admin';
import { MOBILE_PATTERN } from '@/utils/validation';
import AreaSelect from '../../shared/AreaSelect';
import { t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';

const FIELDS = [
  'name',
  'contact',
  'mobile',
  'address',
  'areaCode',
  'licenceNo',
  'logo',
  'currency',
  'timezone',
  'sort',
];

const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'HKD',
  'SGD',
  'THB',
  'VND',
  'IDR',
  'TRY',
  'RUB',
  'BRL',
  'AED',
  'SAR',
  'EGP',
  'ILS',
  'INR',
  'AUD',
  'CAD',
];

const timezones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? ['Asia/Shanghai', 'UTC'];
  } catch {
    return ['Asia/Shanghai', 'UTC'];
  }
};

export interface OrgFormProps {
  open: boolean;
  /** the node edited; undefined creates a child of `parent` */
  org?: Org;
  parent?: Org;
  type?: 'merchant' | 'venue';
  onOpenChange: (open: boolean) => void;
  onSaved: (org: Org) => void;
}

/** Profile of a merchant or venue (create below a node, or edit). */
const OrgForm: React.FC<OrgFormProps> = ({ open, org, parent, type, onOpenChange, onSaved }) => {
  const { formProps, finish } = useSysForm<OrgInput>(open, onOpenChange, FIELDS);
  const kind = org?.type ?? type;
  const title = org
    ? t('sys.org.edit', { name: org.name })
    : kind === 'merchant'
      ? t('sys.org.addMerchant')
      : t('sys.org.addVenue');
  return (
    <ModalForm<OrgInput>
      name="orgForm"
      {...formProps}
      title={title}
      width={680}
      initialValues={
        org
          ? {
              name: org.name,
              contact: org.contact,
              mobile: org.mobile,
              address: org.address,
              areaCode: org.areaCode,
              licenceNo: org.licenceNo,
              logo: org.logo,
              currency: org.currency,
              timezone: org.timezone,
              sort: org.sort,
            }
          : {
              currency: parent?.currency || 'CNY',
              timezone: parent?.timezone || 'Asia/Shanghai',
              areaCode: kind === 'venue' ? parent?.areaCode : undefined,
              sort: 0,
            }
      }
      onFinish={finish(
        !!org,
        (values) => {
          const data: OrgInput = { ...values, name: values.name?.trim() };
          return org
            ? updateOrg(org.id, data)
            : createOrg({
                ...data,
                type: kind === 'platform' ? undefined : kind,
                parentId: parent?.id,
              });
        },
        onSaved,
      )}
    >
      <Row gutter={16}>
        <Col span={12}>
          <ProFormText
            name="name"
            label={kind === 'venue' ? t('sys.org.venueName') : t('sys.org.name')}
            rules={[{ required: true, whitespace: true, message: t('sys.org.name.required') }]}
            fieldProps={{ maxLength: 128 }}
          />
        </Col>
        <Col span={12}>
          <ProFormText name="contact" label={t('sys.org.contact')} fieldProps={{ maxLength: 64 }} />
        </Col>
        <Col span={12}>
          <ProFormText
            name="mobile"
            label={t('sys.org.mobile')}
            rules={[{ pattern: MOBILE_PATTERN, message: t('sys.user.mobile.invalid') }]}
          />
        </Col>
        <Col span={12}>
          <ProForm.Item name="areaCode" label={t('sys.org.area')}>
            <AreaSelect />
          </ProForm.Item>
        </Col>
        <Col span={24}>
          <ProFormText
            name="address"
            label={t('sys.org.address')}
            fieldProps={{ maxLength: 255 }}
          />
        </Col>
        {kind !== 'venue' && (
          <Col span={12}>
            <ProFormText
              name="licenceNo"
              label={t('sys.org.licenceNo')}
              fieldProps={{ maxLength: 64 }}
            />
          </Col>
        )}
        <Col span={6}>
          <ProFormSelect
            name="currency"
            label={t('sys.org.currency')}
            options={CURRENCIES.map((c) => ({ label: c, value: c }))}
            fieldProps={{ showSearch: true }}
          />
        </Col>
        <Col span={6}>
          <ProFormDigit name="sort" label={t('sys.sort')} fieldProps={{ precision: 0 }} />
        </Col>
        <Col span={12}>
          <ProFormSelect
            name="timezone"
            label={t('sys.org.timezone')}
            options={timezones().map((z) => ({ label: z, value: z }))}
            fieldProps={{ showSearch: true }}
          />
        </Col>
        {kind !== 'venue' && (
          <Col span={24}>
            <ProForm.Item name="logo" label={t('sys.org.logo')}>
              <ImageUpload
                label={t('sys.org.logo.upload')}
                avatar={{ shape: 'square', size: 64, icon: <PictureOutlined /> }}
              />
            </ProForm.Item>
          </Col>
        )}
      </Row>
    </ModalForm>
  );
};

export default OrgForm;
