SELECT o_orderpriority, count(*) AS order_count
FROM tpch_orders
WHERE o_orderdate >= '1993-07-01'
  AND o_orderdate < '1993-10-01'
  AND o_orderkey IN (SELECT l_orderkey FROM tpch_lineitem WHERE l_commitdate < l_receiptdate)
GROUP BY o_orderpriority
ORDER BY o_orderpriority
