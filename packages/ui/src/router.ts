// What the apps use of react-router, and all the federation shares under the name
// `react-router-dom` (see FACADES in build/index.ts). A shared module cannot be tree-shaken,
// so sharing the package itself loaded all of react-router (SSR, forms, fetchers) on every page;
// sharing this list lets each build drop the rest while the router context stays one copy.
// The declarative router (BrowserRouter + useRoutes), not the data router (createBrowserRouter):
// no app loads data through routes, and the data router is 15 KB brotli more of every first load.
// Import routing from `react-router-dom` as usual; a name missing here fails the unit tests
// (packages/ui/test/build.test.ts checks every app's imports against it), so add it to this list.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
