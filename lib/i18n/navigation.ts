export { Link } from './intent-link';
export { getPathname, redirect, usePathname, useRouter } from './locale-navigation';
