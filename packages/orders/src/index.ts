export {
  changeOrderStatus,
  SYSTEM,
  type OrderActor,
  type OrderMail,
  type OrderMove,
  type StatusChange,
} from './status';
