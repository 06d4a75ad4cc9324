import type { Knex } from 'knex';
import type { ClaimFigures } from '@mastering/contracts';

/**
 * The figures behind the home page's claims (contracts claims.ts), over every order delivered at least
 * once: its tracks, the median hours from payment (the history's payment_confirmed entry, else paid_at)
 * to the first delivery, and of the tracks whose newest master analysis measured a true peak, how many
 * peak at or under `maxTruePeakDbtp`.
 */
export async function claimFigures(knex: Knex, maxTruePeakDbtp: number): Promise<ClaimFigures> {
  const { rows } = await knex.raw(
    `with delivered as (
       select order_id, min(created_at) as at from order_status_history where to_status = 'delivered' group by order_id),
     paid as (
       select order_id, min(created_at) as at from order_status_history where to_status = 'payment_confirmed' group by order_id),
     masters as (
       select distinct on (a.file_id) a.true_peak_dbtp
         from file_analyses a join order_files f on f.id = a.file_id join delivered d on d.order_id = f.order_id
        where a.role = 'master' and a.status = 'ok' and a.true_peak_dbtp is not null
        order by a.file_id, a.analysed_at desc)
     select (select count(*) from order_files f join delivered d on d.order_id = f.order_id)::int as tracks,
            (select percentile_cont(0.5) within group (order by extract(epoch from d.at - coalesce(p.at, o.paid_at)) / 3600)
               from delivered d join orders o on o.id = d.order_id left join paid p on p.order_id = d.order_id
              where coalesce(p.at, o.paid_at) is not null)::float as median_hours,
            (select count(*) from masters)::int as measured,
            (select count(*) from masters where true_peak_dbtp <= :peak)::int as ready`,
    { peak: maxTruePeakDbtp },
  );
  const r = rows[0];
  return {
    tracksDelivered: r.tracks,
    medianDeliveryHours: r.median_hours === null ? null : Math.max(0, r.median_hours),
    mastersMeasured: r.measured,
    mastersStreamingReady: r.ready,
  };
}
