/** The search form of a list: one input per field declared with `filter`. */
import { Button, Col, Form, Row, Space, type FormProps } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../../resources/types';
import { FieldInput } from '../fields/FieldInput';

interface Props {
  fields: FieldDeclaration[];
  formProps: FormProps;
  label: (f: FieldDeclaration) => string;
}

export function FilterForm({ fields, formProps, label }: Props) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  return (
    <Form {...formProps} layout="vertical" data-testid="filter-form">
      <Row gutter={16} align="bottom">
        {fields.map((f) => (
          <Col key={f.name} xs={24} sm={12} md={8} lg={6} xxl={f.filter === 'range' ? 8 : 4}>
            <Form.Item name={f.filterName ?? f.name} label={label(f)}>
              <FieldInput field={f} mode="filter" />
            </Form.Item>
          </Col>
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
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
