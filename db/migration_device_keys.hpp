// Schema step 3: device keys recomputed without global memory, as db/device_keys.cpp builds them.
#pragma once

#include <string_view>

namespace gemmtune::db {

// PoCL reports free memory as the device's global memory, so keys holding it split one device
// into many. Rows that now share a key become one device (the oldest row); where two of them hold
// an evaluation of the same kernel, problem and configuration, the first recorded is kept, as
// import and merge keep it.
inline constexpr std::string_view device_keys_without_memory = R"sql(
CREATE TEMP TABLE rekeyed AS
SELECT id, new_model_key, new_key, min(id) OVER (PARTITION BY new_key) AS keeper
FROM (SELECT id, new_model_key,
             new_model_key || '|' || platform || '|' || driver_version || '|' || opencl_c_version AS new_key
      FROM (SELECT id, platform, driver_version, opencl_c_version,
                   vendor || '|' || name || '|' || compute_units || 'cu' AS new_model_key
            FROM devices));

DELETE FROM evaluations WHERE id IN (
  SELECT later.id FROM evaluations later JOIN temp.rekeyed r ON r.id = later.device_id
  WHERE EXISTS (SELECT 1 FROM evaluations earlier JOIN temp.rekeyed q ON q.id = earlier.device_id
                WHERE q.keeper = r.keeper AND earlier.id < later.id AND earlier.kernel_id = later.kernel_id
                  AND earlier.problem_id = later.problem_id AND earlier.config_key = later.config_key));
UPDATE evaluations SET device_id = (SELECT keeper FROM temp.rekeyed WHERE id = evaluations.device_id)
WHERE device_id IN (SELECT id FROM temp.rekeyed WHERE id != keeper);
UPDATE sessions SET device_id = (SELECT keeper FROM temp.rekeyed WHERE id = sessions.device_id)
WHERE device_id IN (SELECT id FROM temp.rekeyed WHERE id != keeper);
DELETE FROM devices WHERE id IN (SELECT id FROM temp.rekeyed WHERE id != keeper);

-- Through unique placeholders, so that no new key meets another row's old one on the way.
UPDATE devices SET key = '#' || id;
UPDATE devices SET model_key = (SELECT new_model_key FROM temp.rekeyed WHERE id = devices.id),
                   key = (SELECT new_key FROM temp.rekeyed WHERE id = devices.id);
DROP TABLE temp.rekeyed;
)sql";

}  // namespace gemmtune::db
