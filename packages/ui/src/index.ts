// Public API of the design system. Shared as a federation singleton: one toast store,
// one theme and one set of contexts for the shell and every remote. The shared state lives in
// `@mastering/ui/core` (its own singleton, what the home page loads); re-exported here by package
// name, never by relative path, so this entry uses the one loaded copy instead of bundling a second.
// Its values are re-exported by name: `export *` from a shared module loses its names in cached builds
// (test/entry-points.test.ts fails when a value of core is missing here); its types by `export type *`.
// The theme menu is not re-exported: it is an entry of its own (`@mastering/ui/theme-menu`), and
// re-exported here every page importing this entry fetched and ran it (headless UI's menu) at start,
// the storefront's too (`/upload`: a 43 ms task, 170 ms at Lighthouse's 4x), where ThemeMenuOnDemand
// fetches it only on the visitor's intent.
export type * from '@mastering/ui/core';
export {
  cn,
  checkForm,
  Button,
  buttonVariants,
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
  Badge,
  badgeVariants,
  Input,
  Textarea,
  Label,
  Progress,
  MixCheckFindings,
  StarRating,
  StreamingPreviewTable,
  Waveform,
  PersonAvatar,
  ScrollRegion,
  Skeleton,
  Spinner,
  EmptyState,
  LoadError,
  loadErrorReason,
  failedLoad,
  ThemeProvider,
  useTheme,
  ThemeMenuOnDemand,
  loadThemeMenu,
  THEME_STORAGE_KEY,
  parseThemePreference,
  readThemePreference,
  saveThemePreference,
  resolveTheme,
  toast,
  toastReducer,
  isDismissSwipe,
  Toaster,
  useToast,
  isToastHotkey,
  ApiError,
  apiRequest,
  apiJson,
  throwIfResNotOk,
  getQueryFn,
  errorMessage,
  serverErrorText,
  createQueryClient,
  useAsPrerendered,
  useHydrating,
  AppProviders,
  lazyPage,
  RemoteScope,
  useRemoteScopeAttributes,
} from '@mastering/ui/core';
export { Field, invalidProps } from './components/field';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Dialog, Sheet } from './components/dialog';
export { Switch, type SwitchProps } from './components/switch';
export { Tabs, TabList, Tab, TabPanels, TabPanel } from './components/tabs';
export { ScreenHeader } from './components/screen';
export { renderStandalone, type StandaloneOptions } from './app/standalone';
// Not here, but entries of their own that each app bundles (they hold no shared state): the upload
// client `@mastering/ui/upload` (tus-js-client) and `@mastering/ui/email-health`. Both bring zod and
// contracts' schemas; in this shared entry, which cannot be tree-shaken, they made every page that
// uses a dialog or a select evaluate them (the upload page: 200 KB of JavaScript, 140 ms of its start).
