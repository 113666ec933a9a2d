/**
 * The search form of a list: one input per field declared with `filter` (a switch for a
 * `filterSwitch`, none for `filterHidden`). A long form
 * folds: the `primaryFilter` fields show, "more filters" opens the rest (kept mounted while folded,
 * so their values stay in the form and the URL).
 */
import { useState } from 'react';
import { Button, Col, Form, Row, Space, Switch, type FormProps } from 'antd';
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../../resources/types';
import { FieldInput } from '../fields/FieldInput';
import { formFilters, inputName } from './listFilters';

/** Forms with more inputs than this fold behind "more filters". */
const FOLD_ABOVE = 8;

interface Props {
  fields: FieldDeclaration[];
  formProps: FormProps;
  label: (f: FieldDeclaration) => string;
  /** Open the folded part at first (a filter of it is set in the URL). */
  initiallyOpen?: boolean;
}

const switchItem = (name: string, label: string) => (
  <Col key={name}>
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  </Col>
);

export function FilterForm({ fields, formProps, label, initiallyOpen = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const inputs = formFilters(fields);
  if (!inputs.length) return null;
  const folds = inputs.length > FOLD_ABOVE && inputs.some((f) => f.primaryFilter);
  const shown = (f: FieldDeclaration) => !folds || open || Boolean(f.primaryFilter);
  const switches = inputs.filter((f) => f.filterSwitch);

  return (
    <Form {...formProps} layout="vertical" data-testid="filter-form">
      <Row gutter={16} align="bottom">
        {inputs
          .filter((f) => !f.filterSwitch)
          .map((f) => (
            <Col key={f.name} xs={24} sm={12} md={8} lg={6} xxl={f.filter === 'range' ? 8 : 4} style={shown(f) ? undefined : { display: 'none' }}>
              <Form.Item name={inputName(f)} label={label(f)} hidden={!shown(f)}>
                <FieldInput field={f} mode="filter" />
              </Form.Item>
            </Col>
          ))}
        {switches.filter(shown).map((f) => switchItem(inputName(f), label(f)))}
        {switches
          .filter((f) => !shown(f))
          .map((f) => (
            <Form.Item key={f.name} name={inputName(f)} valuePropName="checked" hidden>
              <Switch />
            </Form.Item>
          ))}
        <Col>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('buttons.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  formProps.form?.resetFields();
                  formProps.form?.submit();
                }}
              >
                {t('buttons.reset')}
              </Button>
              {folds && (
                <Button type="link" onClick={() => setOpen(!open)} icon={open ? <UpOutlined /> : <DownOutlined />} aria-expanded={open}>
                  {t(open ? 'list.fewerFilters' : 'list.moreFilters')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
