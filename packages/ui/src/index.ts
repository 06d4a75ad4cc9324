// Public API of the design system. Shared as a federation singleton: one toast store,
// one theme and one set of contexts for the shell and every remote. The shared state lives in
// `@mastering/ui/core` (its own singleton, what the home page loads); re-exported here by package
// name, never by relative path, so this entry uses the one loaded copy instead of bundling a second.
// Named re-exports only: `export *` from a shared module loses its names in cached builds.
export {
  cn,
  checkForm,
  type FormCheck,
  Button,
  buttonVariants,
  type ButtonProps,
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
  Badge,
  badgeVariants,
  type BadgeProps,
  Input,
  Textarea,
  Label,
  Progress,
  StarRating,
  type ProgressProps,
  Skeleton,
  Spinner,
  EmptyState,
  type EmptyStateProps,
  LoadError,
  loadErrorReason,
  failedLoad,
  type LoadErrorProps,
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
  type ToastInput,
  type ToastItem,
  type ToastVariant,
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
  type ApiRequestInit,
  type UnauthorizedBehavior,
  createQueryClient,
  AppProviders,
  type RemotePages,
  type RemoteRoutesModule,
  RemoteScope,
  useRemoteScopeAttributes,
} from '@mastering/ui/core';
export { ThemeMenu } from '@mastering/ui/theme-menu';
export { Field, invalidProps } from './components/field';
export { EMAIL_HEALTH_PATH, fetchEmailHealth } from './api/email-health';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Dialog, Sheet } from './components/dialog';
export { Switch, type SwitchProps } from './components/switch';
export { Tabs, TabList, Tab, TabPanels, TabPanel } from './components/tabs';
export { ScreenHeader } from './components/screen';
export { sendToStorage, type RunningUpload, type UploadProgress } from './api/uploads';
export { renderStandalone, type StandaloneOptions } from './app/standalone';
