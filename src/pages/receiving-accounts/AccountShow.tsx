/**
 * Detail of a receiving account of any channel kind: the generic detail screen plus the resource
 * panel (processing orders, pay link, QR code, on/off switch). Custom because the switch depends on
 * the QR image: it is usable only once the image has loaded.
 */
import ResourceShow from '../../components/resource/ResourceShow';
import { ResourcePanel } from './ResourcePanel';

export default function AccountShow() {
  return (
    <>
      <ResourceShow />
      <ResourcePanel />
    </>
  );
}
