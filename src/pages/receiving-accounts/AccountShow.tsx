/**
 * Detail of a receiving account of any channel kind: the generic detail screen plus the resource
 * panel of spec sections 3, 4 and 8. Custom because the on/off switch depends on the QR image:
 * it is usable only once the image has loaded (spec section 5).
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
