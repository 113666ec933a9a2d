/**
 * The side menu as a drawer, on screens narrower than 992 px. Its own chunk: a desktop never loads
 * antd's Drawer for the shell.
 */
import { Drawer } from 'antd';
import { SideMenu } from './menu/SideMenu';

export default function MenuDrawer({ width, open, onClose }: { width: number; open: boolean; onClose: () => void }) {
  return (
    <Drawer placement="left" width={width} open={open} onClose={onClose} closable={false} styles={{ body: { padding: 0 } }} data-testid="menu-drawer">
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}
