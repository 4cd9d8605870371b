WITH shipped AS (
  SELECT l_partkey, l_suppkey, 0.5 * sum(l_quantity) AS half_quantity
  FROM tpch_lineitem
  WHERE l_shipdate >= '1994-01-01'
    AND l_shipdate < '1995-01-01'
    AND l_partkey IN (SELECT p_partkey FROM tpch_part WHERE p_name LIKE 'forest%')
  GROUP BY l_partkey, l_suppkey)
SELECT s_name, s_address
FROM tpch_supplier, tpch_nation
WHERE s_suppkey IN (
    SELECT ps_suppkey
    FROM tpch_partsupp, shipped
    WHERE ps_partkey = l_partkey AND ps_suppkey = l_suppkey AND ps_availqty > half_quantity)
  AND s_nationkey = n_nationkey
  AND n_name = 'CANADA'
ORDER BY s_name
