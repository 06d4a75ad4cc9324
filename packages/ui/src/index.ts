// Public API of the design system. Shared as a federation singleton: one toast store,
// one theme and one set of contexts for the shell and every remote.
export { cn } from './lib/cn';
export { checkForm, type FormCheck } from './lib/form';
export { Button, buttonVariants, type ButtonProps } from './components/button';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export { Input, Textarea, Label } from './components/input';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Dialog, Sheet } from './components/dialog';
export { Switch, type SwitchProps } from './components/switch';
export { Tabs, TabList, Tab, TabPanels, TabPanel } from './components/tabs';
export { Progress, type ProgressProps } from './components/progress';
export { Skeleton, Spinner, EmptyState, type EmptyStateProps } from './components/feedback';
export { ThemeProvider, useTheme } from './theme/theme-provider';
export { ThemeMenu } from './theme/theme-menu';
export { THEME_STORAGE_KEY, parseThemePreference, readThemePreference, saveThemePreference, resolveTheme } from './theme/theme-preference';
export {
  toast,
  toastReducer,
  isDismissSwipe,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toast-store';
export { Toaster, useToast, isToastHotkey } from './toast/toaster';
export { ApiError, apiRequest, apiJson, throwIfResNotOk, getQueryFn, errorMessage, serverErrorText, type ApiRequestInit, type UnauthorizedBehavior } from './api/api';
export { createQueryClient } from './api/query-client';
export { sendToStorage, type RunningUpload, type UploadProgress } from './api/uploads';
export { AppProviders } from './app/providers';
export { renderStandalone, type StandaloneOptions } from './app/standalone';
export type { RemotePages, RemoteRoutesModule } from './app/remote-pages';
export { RemoteScope, useRemoteScopeAttributes } from './app/remote-scope';
