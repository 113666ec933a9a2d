/** The pages shown without a session; kept free of imports, as the login page's script reads it before React loads. */
const PUBLIC_PATHS = ['/login', '/401', '/404', '/500', '/googleVerify'];
export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(pathname);
