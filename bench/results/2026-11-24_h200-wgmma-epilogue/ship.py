# The shipped file (argument 1) with the rows of a tuning (argument 2) added: the rows of sessions the
# shipped file does not hold; written to argument 3.
import json, sys
old_lines = [l.rstrip('\n').rstrip(',') for l in open(sys.argv[1]) if l.startswith('{')]
new_lines = [l.rstrip('\n').rstrip(',') for l in open(sys.argv[2]) if l.startswith('{')]
old_sessions = {json.loads(l)['session']['uid'] for l in old_lines}
fresh = [l for l in new_lines if json.loads(l)['session']['uid'] not in old_sessions]
print('old rows', len(old_lines), 'added', len(fresh), 'kernels', sorted({json.loads(l)['kernel'] for l in fresh}))
with open(sys.argv[3], 'w') as f:
    f.write('[\n' + ',\n'.join(old_lines + fresh) + '\n]\n')
