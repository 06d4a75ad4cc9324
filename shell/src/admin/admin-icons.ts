import {
  ArrowLeft,
  ChartColumn,
  CreditCard,
  FileHeadphone,
  FileText,
  FlaskConical,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Settings,
  ShoppingCart,
  Star,
  UserCog,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { AdminIcon } from './admin-nav';

/** The sidebar's icons, loaded with the console (the admin frame) rather than on the site's first load. */
export const ADMIN_ICONS: Record<AdminIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  orders: ShoppingCart,
  customers: Users,
  users: UserCog,
  files: FileHeadphone,
  payments: CreditCard,
  analytics: ChartColumn,
  showcase: Star,
  testimonials: MessageSquareQuote,
  'email-testing': FlaskConical,
  'email-templates': FileText,
  emails: Mail,
  settings: Settings,
  'engineer-dashboard': Wrench,
  'back-to-site': ArrowLeft,
};
