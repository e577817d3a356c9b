# The shipped file: the old one without xgemm_wgmma's stale rows, with this tuning's xgemm_wgmma rows.
import json, sys
old_lines = [l.rstrip('\n').rstrip(',') for l in open(sys.argv[1]) if l.startswith('{')]
new_lines = [l.rstrip('\n').rstrip(',') for l in open(sys.argv[2]) if l.startswith('{')]
old_hashes = {json.loads(l)['kernel_hash'] for l in old_lines if json.loads(l)['kernel'] == 'xgemm_wgmma'}
fresh = [l for l in new_lines if json.loads(l)['kernel'] == 'xgemm_wgmma' and json.loads(l)['kernel_hash'] not in old_hashes]
kept = [l for l in old_lines if json.loads(l)['kernel'] != 'xgemm_wgmma']
print('old wgmma hashes', old_hashes, 'new', {json.loads(l)['kernel_hash'] for l in fresh}, 'kept', len(kept), 'fresh', len(fresh))
with open(sys.argv[3], 'w') as f:
    f.write('[\n' + ',\n'.join(kept + fresh) + '\n]\n')
