/**
 * Breadcrumbs from the route's groups: home first, then each group, then the screen, all translated,
 * and last the step within it (new, edit or the record's detail, named by the record once loaded),
 * where the screen links back to its list. A group the menu shows as its single child is skipped,
 * so the trail never reads "Merchants / Merchants".
 *
 * Drawn as antd's Breadcrumb draws it (a list of links with "/" between them, styles in
 * src/styles.css), without antd's, which would bring its dropdown items to every signed-in route.
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import { HomeOutlined } from '@ant-design/icons';
import { useResourceParams } from '@refinedev/core';
import { useTags } from '../../common/tags';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { shownAsOnlyChild, titleKeyOf } from '../menu/buildMenu';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { resource, resources, action } = useResourceParams();
  const tags = useTags();
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
  const step = action === 'create' || action === 'edit' || action === 'show' ? action : undefined;
  const list = typeof resource?.list === 'string' ? resource.list : undefined;
  if (!isHome && step && chain.length) {
    const screen = items[items.length - 1];
    if (list && ability.can('list', resource?.identifier ?? resource?.name ?? '')) screen.title = <Link to={list}>{chain[chain.length - 1]}</Link>;
    const label = tags.state.tags.find((tag) => tag.key === tags.state.active)?.label;
    items.push({ key: 'step', title: <span data-testid="breadcrumb-step">{[step === 'show' ? undefined : t(`actions.${step}`), label].filter(Boolean).join(' ') || t(`actions.${step}`)}</span> });
  }
  return (
    <nav className="shell-breadcrumbs" data-testid="breadcrumbs" aria-label={t('shell.breadcrumbs')}>
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.key}>
            {i > 0 && (
              <li className="shell-breadcrumbs-separator" aria-hidden="true">
                /
              </li>
            )}
            <li>
              <span className="shell-breadcrumbs-link">{item.title}</span>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
