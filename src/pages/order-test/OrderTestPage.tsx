/** /order/test/merchant: a merchant places a test order on itself (custom screen: see resources/order-test). */
import { OrderTestScreen } from './OrderTestScreen';

export default function OrderTestPage() {
  return <OrderTestScreen admin={false} />;
}
