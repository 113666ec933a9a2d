/**
 * One row of the config screen: the setting's name and help on the left, its control on the right
 * (a switch saves as it turns; a number, choice or text has its own Save), or, for a reader who may
 * not edit, the value as text with no control at all.
 */
import { Button, Col, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingDeclaration } from '../../../resources/system-config/settings';
import { useSetting, type SettingValue } from './useSetting';

/** An option's label: the time formats and limit modes are translated, card countries named by the browser. */
function useOptionLabel(setting: SettingDeclaration) {
  const { t, i18n } = useTranslation();
  return (option: string) => {
    if (setting.name === 'CardCountry') {
      const name = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(option);
      return name && name !== option ? `${name} (${option})` : option;
    }
    return t(`systemConfig.options.${setting.name}.${option}`, { defaultValue: option });
  };
}

function ReadValue({ setting, value }: { setting: SettingDeclaration; value: SettingValue | undefined }) {
  const { t } = useTranslation();
  const label = useOptionLabel(setting);
  if (setting.kind === 'enable') return <Tag color={value ? 'green' : 'default'}>{t(value ? 'systemConfig.on' : 'systemConfig.off')}</Tag>;
  if (value === '' || value === undefined) return <Typography.Text type="secondary">{t('systemConfig.notSet')}</Typography.Text>;
  if (setting.kind === 'number') return <Typography.Text strong>{`${value}${setting.unit ? ` ${t(`systemConfig.units.${setting.unit}`, { count: Number(value) })}` : ''}`}</Typography.Text>;
  if (setting.options) return <Typography.Text strong>{label(String(value))}</Typography.Text>;
  return <Typography.Text code={setting.secret} ellipsis style={{ maxWidth: 320 }}>{String(value)}</Typography.Text>;
}

function EditControl({ setting, value, saving, save }: { setting: SettingDeclaration; value: SettingValue | undefined; saving: boolean; save: (v: SettingValue) => Promise<boolean> }) {
  const { t } = useTranslation();
  const label = useOptionLabel(setting);
  const [draft, setDraft] = useState<SettingValue | null | undefined>(value);
  useEffect(() => setDraft(value), [value]);
  const testId = `setting-${setting.name}`;
  // The control's name is the setting's label beside it: the row is not a form, so nothing links them.
  const name = t(`systemConfig.settings.${setting.name}.label`);
  if (setting.kind === 'enable') {
    return <Switch data-testid={testId} checked={value === true} loading={saving} checkedChildren={t('systemConfig.on')} unCheckedChildren={t('systemConfig.off')} onChange={(on) => void save(on)} aria-label={name} />;
  }
  const changed = draft !== value && draft !== null && draft !== undefined;
  const saveButton = (
    <Button type="primary" data-testid={`${testId}-save`} disabled={!changed} loading={saving} onClick={() => void save(typeof draft === 'string' ? draft.trim() : draft!)}>
      {t('systemConfig.save')}
    </Button>
  );
  let input;
  if (setting.kind === 'number') {
    input = (
      <InputNumber
        data-testid={testId}
        aria-label={name}
        value={draft as number | undefined}
        min={setting.min}
        max={setting.max}
        precision={0}
        style={{ width: 200 }}
        suffix={setting.unit ? t(`systemConfig.units.${setting.unit}`, { count: 2 }) : undefined}
        onChange={(v) => setDraft(v)}
        onPressEnter={() => changed && void save(draft!)}
      />
    );
  } else if (setting.options) {
    input = <Select data-testid={testId} aria-label={name} value={draft as string} style={{ width: 260 }} options={setting.options.map((o) => ({ value: o, label: label(o) }))} onChange={(v) => setDraft(v)} />;
  } else {
    const Field = setting.secret ? Input.Password : Input;
    input = (
      <Field
        data-testid={testId}
        aria-label={name}
        value={draft as string}
        maxLength={setting.maxLength ?? 500}
        placeholder={setting.url ? t('systemConfig.urlPlaceholder') : setting.secret ? t('systemConfig.secretPlaceholder') : undefined}
        style={{ width: 260 }}
        onChange={(e) => setDraft(e.target.value)}
        autoComplete="off"
      />
    );
  }
  return (
    <Space.Compact>
      {input}
      {saveButton}
    </Space.Compact>
  );
}

export function SettingRow({ setting, editable, last }: { setting: SettingDeclaration; editable: boolean; last: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { value, loading, saving, save } = useSetting(setting);
  const range = setting.kind === 'number' && editable ? t('systemConfig.range', { min: setting.min ?? 0, max: setting.max }) : null;
  return (
    <Row data-testid={`row-${setting.name}`} gutter={[24, 8]} align="middle" style={{ padding: '14px 0', borderBottom: last ? undefined : `1px solid ${token.colorBorderSecondary}` }}>
      <Col xs={24} md={13}>
        <Space size={8} wrap>
          <Typography.Text strong>{t(`systemConfig.settings.${setting.name}.label`)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {setting.name}
          </Typography.Text>
          {setting.external && <Tag color="orange">{t('systemConfig.outside')}</Tag>}
          {setting.notInEffect && <Tag>{t('systemConfig.notInEffect')}</Tag>}
        </Space>
        <div>
          <Typography.Text type="secondary">{t(`systemConfig.settings.${setting.name}.help`)}</Typography.Text>
          {range && <Typography.Text type="secondary">{t('systemConfig.rangeNote', { range })}</Typography.Text>}
        </div>
      </Col>
      <Col xs={24} md={11} style={{ display: 'flex', justifyContent: 'flex-end' }}>
        {loading ? <Skeleton.Input active size="small" /> : editable ? <EditControl setting={setting} value={value} saving={saving} save={save} /> : <ReadValue setting={setting} value={value} />}
      </Col>
    </Row>
  );
}
