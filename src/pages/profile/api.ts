/** Calls of the profile screen: the caller's own account only. */
import { get, post } from '../../providers/http';
import type { ProductRate } from '../../../resources/user-products/schema';
import { profileApi as paths } from '../../../resources/profile';
import { googleBindingApi } from '../../../resources/session/api';

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
  get: () => get<OwnProfile>(paths.get),
  products: () => get<ProductRate[]>(paths.products),
  merchantKey: () => get<string>(paths.merchantKey),
  // The updates are sent silent: their screen says "Update Failed" and why (../../components/resource/refusal.ts).
  updateNickname: (nickname: string) => post(paths.updateNickname, { nickname }, { silent: true }),
  changePassword: (body: Record<string, unknown>) => post(paths.changePassword, body, { silent: true }),
  setPayPassword: (body: Record<string, unknown>) => post(paths.setPayPassword, body, { silent: true }),
  removeAuthenticator: (googleCode: string) => post(googleBindingApi.unbindForProfile, { googleCode }),
};
