export {
  changeOrderStatus,
  ORDER_LINK_HOLDER,
  SYSTEM,
  type OrderActor,
  type OrderMail,
  type OrderMove,
  type StatusChange,
} from './status';
