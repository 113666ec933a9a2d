import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * The bordered box around a list's filters, drawn as antd's small Card draws its body. The Card
 * itself brings antd's Tabs (for its tab list) into every list's first load: 13 kB of gzip for a border.
 */
export function FilterPanel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid="filter-panel"
      style={{ marginBottom: 16, padding: token.paddingSM, background: token.colorBgContainer, border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      {children}
    </div>
  );
}
