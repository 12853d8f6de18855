/** /orders: the school's orders, newest first, All/Current/Previous, 15 a page. */
import { pickupText } from '@lr/contracts/pickup-text';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@lr/contracts';
import { formatDate } from '../../../lib/format-date';
import { formatStudent } from '../../../lib/format-order';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { ErrorView, Loading } from '../../../components/query-state';
import { StatusChip } from '../../../components/status-chip';
import { useMyOrders } from '../api/get-my-orders';
import type { ApiOrder as Order } from '@lr/contracts/http/v1';
import { filterOrders, itemCount, ORDER_FILTERS, type OrderFilter } from '../order-filter';
import './my-orders-page.css';

export function MyOrdersPage() {
  const orders = useMyOrders();
  return (
    <section className="page">
      <PageTitle title="My Orders" />
      <h1>My Orders</h1>
      {orders.isPending && <Loading label="Loading orders..." />}
      {orders.isError && <ErrorView error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.isSuccess && <OrdersTable orders={orders.data} />}
    </section>
  );
}

export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const [filter, setFilter] = useState<OrderFilter>('All');
  const [page, setPage] = useState(1);
  const shown = useMemo(() => filterOrders(orders, filter), [orders, filter]);
  const pageCount = Math.max(1, Math.ceil(shown.length / LIMITS.tablePageSize));
  const current = Math.min(page, pageCount);
  const rows = shown.slice((current - 1) * LIMITS.tablePageSize, current * LIMITS.tablePageSize);

  return (
    <>
      <div className="toolbar">
        <label htmlFor="order-filter">Show</label>
        <select
          id="order-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as OrderFilter);
            setPage(1);
          }}
        >
          {ORDER_FILTERS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 ? (
        <p className="empty">No orders to show.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Date</th>
                <th scope="col">Student</th>
                <th scope="col">Items Qty</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <tr key={order._id}>
                  <td data-label="Order ID">
                    <span className="nowrap">{order.orderId}</span>
                    {order.enteredByCharity ? (
                      <span className="form__hint entered-by"> Entered by the charity</span>
                    ) : null}
                  </td>
                  <td data-label="Date" className="nowrap">
                    {formatDate(order.createdAt)}
                  </td>
                  <td data-label="Student">
                    {formatStudent(order.shippingInfo.receivingPersonName)}
                  </td>
                  <td data-label="Items Qty">{itemCount(order)}</td>
                  <td data-label="Status">
                    <StatusChip status={order.orderStatus} place="list" />
                    {order.pickup && <div className="pickup-when">{pickupText(order.pickup)}</div>}
                  </td>
                  <td data-label="Actions">
                    <Link to={`/order/${order._id}`} aria-label={`View order ${order.orderId}`}>
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={current} pageCount={pageCount} onChange={setPage} />
    </>
  );
}
