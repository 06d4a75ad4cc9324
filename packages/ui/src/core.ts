// The part of the design system every page needs, the home page included: shared as its own
// federation singleton (`@mastering/ui/core`) so a first visit does not load the headless UI widgets
// and the upload client that only the upload form and the back-office use. The one place of the
// shared state (toast store, theme, remote scope); `@mastering/ui` re-exports all of it.
export { cn } from './lib/cn';
export { checkForm, type FormCheck } from './lib/form';
export { Button, buttonVariants, type ButtonProps } from './components/button';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export { Input, Textarea, Label } from './components/input';
export { Progress, type ProgressProps } from './components/progress';
export { StarRating } from './components/star-rating';
export { StreamingPreviewTable } from './components/streaming-preview-table';
export { MixCheckFindings } from './components/mix-check-findings';
export { Waveform, type WaveformMarker, type WaveformProps } from './components/waveform';
export { PersonAvatar } from './components/avatar';
export { ScrollRegion } from './components/scroll-region';
export {
  Skeleton,
  Spinner,
  EmptyState,
  type EmptyStateProps,
  LoadError,
  loadErrorReason,
  failedLoad,
  type LoadErrorProps,
} from './components/feedback';
export { ThemeProvider, useTheme } from './theme/theme-provider';
// biome-ignore lint/suspicious/noImportCycles: the theme menu is a federation entry of its own, loaded by a dynamic import on intent, and reads the shared theme context by package name
export { ThemeMenuOnDemand, loadThemeMenu } from './theme/theme-menu-on-demand';
export {
  THEME_STORAGE_KEY,
  parseThemePreference,
  readThemePreference,
  saveThemePreference,
  resolveTheme,
} from './theme/theme-preference';
export {
  toast,
  toastReducer,
  isDismissSwipe,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toast-store';
export { Toaster, useToast, isToastHotkey } from './toast/toaster';
export {
  ApiError,
  apiRequest,
  apiJson,
  throwIfResNotOk,
  getQueryFn,
  errorMessage,
  serverErrorText,
  type ApiRequestInit,
  type UnauthorizedBehavior,
} from './api/api';
export { createQueryClient } from './api/query-client';
export { useAsPrerendered, useHydrating } from './api/hydration';
export { AppProviders } from './app/providers';
export { lazyPage, type RemotePages, type RemoteRoutesModule } from './app/remote-pages';
export { RemoteScope, useRemoteScopeAttributes } from './app/remote-scope';
