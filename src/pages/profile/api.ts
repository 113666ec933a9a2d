/** Calls of the profile screen: the caller's own account only. */
import { get, post } from '../../../providers/http';
import type { ProductRate } from '../../../resources/user-products/schema';

export interface OwnProfile {
  id: number;
  account: string;
  nickname: string;
  role: string;
  enableGoogleVerify: boolean;
  googleBound: boolean;
  payPasswordSet: boolean;
  lastLoginIp: string | null;
  lastLoginAt: string | null;
  mchId: string | null;
  merchantKey: string | null;
  acceptOrders: boolean | null;
  balance: number | null;
}


export const profileApi = {
  get: () => get<OwnProfile>('/profile/get'),
  products: () => get<ProductRate[]>('/profile/getProducts'),
  merchantKey: () => get<string>('/profile/getMerchantKey'),
  updateNickname: (nickname: string) => post('/profile/updateNickname', { nickname }),
  changePassword: (body: Record<string, unknown>) => post('/profile/changePassword', body),
  setPayPassword: (body: Record<string, unknown>) => post('/profile/setPayPassword', body),
};
