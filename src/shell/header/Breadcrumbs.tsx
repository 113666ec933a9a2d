/** Breadcrumbs from the route's groups: home first, then each group, then the screen, all translated. */
import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useResourceParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { titleKeyOf } from '../menu/buildMenu';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const { resource, resources } = useResourceParams();
  const chain: string[] = [];
  for (let item = resource; item; ) {
    chain.unshift(t(titleKeyOf(item)));
    const parent = item.meta?.parent as string | undefined;
    item = parent ? resources.find((r) => r.name === parent) : undefined;
  }
  const isHome = (resource?.identifier ?? resource?.name) === 'home';
  const items = [
    {
      key: 'home',
      title: (
        <Link to="/home">
          <HomeOutlined /> <span>{t('resources.home')}</span>
        </Link>
      ),
    },
    ...(isHome ? [] : chain.map((title, i) => ({ key: `${i}`, title }))),
  ];
  return <Breadcrumb data-testid="breadcrumbs" items={items} />;
}
