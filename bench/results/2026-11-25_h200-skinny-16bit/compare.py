# Per problem of two bench JSONs (before, after): gemmtune against cuBLAS in each, the family chosen, the times.
# Usage: compare.py BEFORE.json AFTER.json
import json,sys,math
def load(f):
    d=json.load(open(f)); out={}
    for r in d['results']:
        out.setdefault((r['m'],r['n'],r['k'],r['trans']),{})[r['peer']]=r
    return out
b=load(sys.argv[1]); a=load(sys.argv[2])
lb=[];la=[]
for key in b:
    gb=b[key]['gemmtune']; ga=a[key]['gemmtune']; cb=b[key]['cublas']['seconds']; ca=a[key]['cublas']['seconds']
    rb=cb/gb['seconds']; ra=ca/ga['seconds']; lb.append(math.log(rb)); la.append(math.log(ra))
    print('%-18s %s %-7s before %.3f (%s) after %.3f (%s) t %.1f->%.1f us ok=%s' % ('x'.join(map(str,key[:3])), key[3], gb['class'], rb, gb['family'][6:], ra, ga['family'][6:], gb['seconds']*1e6, ga['seconds']*1e6, ga['ok']))
print('geomean before %.3f after %.3f' % (math.exp(sum(lb)/len(lb)), math.exp(sum(la)/len(la))))
