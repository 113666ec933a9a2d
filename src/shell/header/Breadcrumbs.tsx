/**
 * Breadcrumbs from the route's groups: home first, then each group, then the screen, all translated.
 * A group the menu shows as its single child is skipped, so the trail never reads "Merchants /
 * Merchants".
 */
import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useResourceParams } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { shownAsOnlyChild, titleKeyOf } from '../menu/buildMenu';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { resource, resources } = useResourceParams();
  const can = (name: string) => ability.can('list', name);
  const chain: string[] = [];
  for (let item = resource; item; ) {
    const isGroup = item !== resource;
    if (!isGroup || !shownAsOnlyChild(item.name, resources, can)) chain.unshift(t(titleKeyOf(item)));
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
