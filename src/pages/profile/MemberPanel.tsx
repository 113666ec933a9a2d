/** What only merchants and suppliers have on their profile: key, balance, own products and rates. */
import { useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../providers/money';
import type { ProductRate } from '../../../resources/user-products/schema';
import { profileApi, type OwnProfile } from './api';
import { Money } from '../../components/fields/Money';
import { copyToClipboard } from '../../components/fields/clipboard';

export function MemberPanel({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [copying, setCopying] = useState(false);
  const products = useQuery({ queryKey: ['profile', 'products'], queryFn: profileApi.products });

  // The key is fetched only on demand, behind the second-level password (the http layer asks for
  // it), audited, and goes straight to the clipboard: it is not shown.
  const copyKey = async () => {
    setCopying(true);
    try {
      const key = await profileApi.merchantKey();
      if (await copyToClipboard(key, t('common.copyByHand'))) message.success(t('profile.keyCopied'));
    } catch {
      // Refused or the window cancelled: the http layer has said what it had to.
    } finally {
      setCopying(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('profile.sections.merchant')} size="small" data-testid="profile-member">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('profile.fields.mchId')}>
            <Typography.Text copyable>{profile.mchId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.fields.merchantKey')}>
            <Space>
              <Typography.Text code data-testid="merchant-key-masked">
                {profile.merchantKey}
              </Typography.Text>
              <Button size="small" icon={<CopyOutlined />} loading={copying} onClick={copyKey}>
                {t('profile.copyKey')}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.fields.balance')}>
            <span data-testid="profile-balance"><Money minor={profile.balance} /></span>
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.fields.acceptOrders')}>{profile.acceptOrders ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('profile.sections.products')} size="small">
        <Table<ProductRate>
          rowKey="id"
          size="small"
          pagination={false}
          loading={products.isLoading}
          dataSource={products.data ?? []}
          data-testid="profile-products"
          columns={[
            { key: 'productId', title: t('profile.fields.product'), render: (_, p) => `${p.productId} ${t(`products.names.${p.productId}`)}` },
            { key: 'rate', title: t('profile.fields.rate'), render: (_, p) => formatRate(p.rate) },
            { key: 'fixedFee', title: t('profile.fields.fixedFee'), align: 'right', render: (_, p) => <Money minor={p.fixedFee} /> },
            { key: 'singleFee', title: t('profile.fields.singleFee'), align: 'right', render: (_, p) => <Money minor={p.singleFee} /> },
            { key: 'enabled', title: t('profile.fields.enabled'), render: (_, p) => (p.enabled ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>) },
          ]}
        />
      </Card>
    </Space>
  );
}
