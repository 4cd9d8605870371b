WITH part_average AS (
  SELECT l_partkey AS partkey, 0.2 * avg(l_quantity) AS small_quantity
  FROM tpch_lineitem
  WHERE l_partkey IN (SELECT p_partkey FROM tpch_part WHERE p_brand = 'Brand#23' AND p_container = 'MED BOX')
  GROUP BY l_partkey)
SELECT sum(l_extendedprice) / 7.0 AS avg_yearly
FROM tpch_lineitem, part_average
WHERE l_partkey = partkey
  AND l_quantity < small_quantity
