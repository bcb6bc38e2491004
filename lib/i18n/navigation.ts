// What client and server components alike link with; server code redirects with ./redirect.
export { Link } from './intent-link';
