WITH order_suppliers AS (
  SELECT l_orderkey AS orderkey,
         count(DISTINCT l_suppkey) AS suppliers,
         count(DISTINCT CASE WHEN l_receiptdate > l_commitdate THEN l_suppkey END) AS late_suppliers
  FROM tpch_lineitem
  GROUP BY l_orderkey)
SELECT s_name, count(*) AS numwait
FROM tpch_supplier, tpch_lineitem l1, tpch_orders, tpch_nation, order_suppliers
WHERE s_suppkey = l1.l_suppkey
  AND o_orderkey = l1.l_orderkey
  AND o_orderstatus = 'F'
  AND l1.l_receiptdate > l1.l_commitdate
  AND orderkey = l1.l_orderkey
  AND suppliers > 1
  AND late_suppliers = 1
  AND s_nationkey = n_nationkey
  AND n_name = 'SAUDI ARABIA'
GROUP BY s_name
ORDER BY numwait DESC, s_name
LIMIT 100
