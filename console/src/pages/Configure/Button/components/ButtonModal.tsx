/**
 * Edit a tablet button: its name in each language (one language at a time, chosen above),
 * image, link (hyperlinks only, http or https), call icons (call service: what guests can ask
 * for, each with a name per language and an optional picture), sort and whether it shows.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import React, { useEffect, useState } from 'react';
import { LOCALES, toServerLocale } from '@/locales';
import { updateButton, type CallIcon, type TabletButton } from '@/services/configure';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { activeLocale, formatMessage } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import ImagesUpload from '../../../Cuisine/shared/ImagesUpload';
import { t } from '../../shared/text';
import { buttonProblems, CALL_KEYS, cleanNames, isLink, MAX_CALL_ICONS, MAX_NAME } from '../logic';
import { useDiscardGuard } from '@/components/Sheet';

const ButtonModal: React.FC<{
  button?: TabletButton;
  onClose: () => void;
  onSaved: () => void;
}> = ({ button, onClose, onSaved }) => {
  const [lang, setLang] = useState(toServerLocale(activeLocale().locale));
  const [names, setNames] = useState<Record<string, string>>({});
  const [image, setImage] = useState('');
  const [link, setLink] = useState('');
  const [icons, setIcons] = useState<CallIcon[]>([]);
  const [sort, setSort] = useState(0);
  const [enabled, setEnabled] = useState(true);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!button) return;
    setNames({ ...button.names });
    setImage(button.image);
    setLink(button.link);
    setIcons(button.callIcons.map((c) => ({ ...c, names: { ...c.names } })));
    setSort(button.sort);
    setEnabled(button.status === 1);
    setProblems([]);
  }, [button]);

  // unsaved input: anything differs from the button as loaded
  const guard = useDiscardGuard(
    () =>
      !!button &&
      JSON.stringify({ names, image, link, sort, enabled, icons }) !==
        JSON.stringify({
          names: button.names,
          image: button.image,
          link: button.link,
          sort: button.sort,
          enabled: button.status === 1,
          icons: button.callIcons,
        }),
  );

  if (!button) return null;
  const fn = button.function;

  const save = async () => {
    const local = buttonProblems(fn, { names, link, enabled, callIcons: icons });
    if (local.length) {
      setProblems(local.map((k) => t(k, { max: MAX_NAME })));
      return;
    }
    setSaving(true);
    try {
      await updateButton(button.id, {
        names: cleanNames(names),
        image,
        link: link.trim(),
        sort,
        status: enabled ? 1 : 0,
        callIcons: icons.map((c) => ({ ...c, names: cleanNames(c.names) })),
      });
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
      onSaved();
    } catch (e) {
      setProblems(e instanceof RequestError && e.fields ? Object.values(e.fields) : [errorText(e)]);
    } finally {
      setSaving(false);
    }
  };

  const setIcon = (i: number, change: Partial<CallIcon>) =>
    setIcons(icons.map((c, j) => (j === i ? { ...c, ...change } : c)));

  return (
    <Modal
      open
      title={t('configure.button.editTitle', { fn: t(`configure.fn.${fn}`) })}
      onCancel={guard(onClose)}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'button-save' } as never}
      width={560}
    >
      {problems.length ? (
        <Alert
          type="error"
          showIcon
          message={problems.join(' ')}
          style={{ marginBottom: 12 }}
          data-testid="button-error"
        />
      ) : null}
      <Form layout="vertical">
        <Form.Item
          label={t('configure.button.language')}
          extra={t('configure.button.languageHint')}
        >
          <Select
            value={lang}
            onChange={setLang}
            style={{ maxWidth: 260 }}
            options={LOCALES.map((l) => {
              const code = toServerLocale(l.code);
              return {
                value: code,
                label: (
                  <span>
                    {l.label} {names[code]?.trim() ? <Tag color="green">✓</Tag> : null}
                  </span>
                ),
              };
            })}
            data-testid="button-language"
          />
        </Form.Item>
        <Form.Item label={t('configure.button.name')} required>
          <Input
            value={names[lang] ?? ''}
            maxLength={MAX_NAME}
            onChange={(e) => setNames({ ...names, [lang]: e.target.value })}
            data-testid="button-name"
          />
        </Form.Item>
        <Form.Item label={t('configure.button.image')} extra={t('configure.button.imageHint')}>
          <ImagesUpload
            max={1}
            value={image ? [image] : []}
            onChange={(l) => setImage(l[0] ?? '')}
          />
        </Form.Item>
        {isLink(fn) ? (
          <Form.Item
            label={t('configure.button.link')}
            extra={t('configure.button.linkHint')}
            required={enabled}
          >
            <Input
              value={link}
              maxLength={500}
              placeholder="https://"
              onChange={(e) => setLink(e.target.value)}
              data-testid="button-link"
            />
          </Form.Item>
        ) : null}
        {fn === 'call_service' ? (
          <Form.Item
            label={t('configure.button.callIcons')}
            extra={t('configure.button.callIconsHint')}
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              {icons.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an icon row has no identity but its place in the ordered list; the fields are controlled
                <Space key={i} wrap align="start" data-testid={`call-icon-${i}`}>
                  <Select
                    value={c.key}
                    style={{ width: 140 }}
                    onChange={(key) => setIcon(i, { key })}
                    options={CALL_KEYS.map((k) => ({ value: k, label: t(`configure.call.${k}`) }))}
                  />
                  <Input
                    value={c.names[lang] ?? ''}
                    maxLength={MAX_NAME}
                    style={{ width: 180 }}
                    onChange={(e) => setIcon(i, { names: { ...c.names, [lang]: e.target.value } })}
                  />
                  <ImagesUpload
                    max={1}
                    value={c.icon ? [c.icon] : []}
                    onChange={(l) => setIcon(i, { icon: l[0] ?? '' })}
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('configure.delete')}
                    onClick={() => setIcons(icons.filter((_, j) => j !== i))}
                  />
                </Space>
              ))}
              {icons.length < MAX_CALL_ICONS ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => setIcons([...icons, { key: 'custom', icon: '', names: {} }])}
                >
                  {t('configure.button.addCallIcon')}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        ) : null}
        <Space wrap size={24}>
          <Form.Item label={t('configure.button.sort')} tooltip={t('configure.button.sortHint')}>
            <InputNumber
              min={0}
              max={999999}
              precision={0}
              value={sort}
              onChange={(v) => setSort(v ?? 0)}
            />
          </Form.Item>
          <Form.Item label={t('configure.button.shown')}>
            <Switch checked={enabled} onChange={setEnabled} data-testid="button-enabled" />
          </Form.Item>
        </Space>
        <Typography.Text type="secondary">{t('configure.button.tabletHint')}</Typography.Text>
      </Form>
    </Modal>
  );
};

export default ButtonModal;
