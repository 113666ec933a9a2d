/** /order/testAdminOrder: an admin places a test order for a chosen merchant (custom screen: see resources/order-test-admin). */
import { OrderTestScreen } from './OrderTestScreen';

export default function OrderTestAdminPage() {
  return <OrderTestScreen admin />;
}
