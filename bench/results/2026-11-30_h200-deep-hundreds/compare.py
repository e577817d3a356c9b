#!/usr/bin/env python3
"""Per problem, the shipped and new tunings' ratios to cuBLAS over the two rounds of `run.sh ab` (geomean of
the rounds), their times (the faster round) and choices. Usage: compare.py FOLDER/ PRECISION"""
import gzip, json, math, sys
D=sys.argv[1]; prec=sys.argv[2]
def load(n):
    r={}
    for x in json.load(gzip.open(D+n+'.json.gz'))['results']:
        key=(x['m'],x['n'],x['k'],x['trans'])
        r.setdefault(key,{})[x['peer']]=x
    return r
runs={n:load(n) for n in [f'{w}-{prec}-{i}' for w in ('shipped','new') for i in (1,2)]}
keys=list(runs[f'shipped-{prec}-1'].keys())
tot={'shipped':[], 'new':[]}
for k in keys:
    row=[]
    for w in ('shipped','new'):
        t=[runs[f'{w}-{prec}-{i}'][k]['gemmtune']['seconds'] for i in (1,2)]
        c=[runs[f'{w}-{prec}-{i}'][k]['cublas']['seconds'] for i in (1,2)]
        ratio=math.sqrt((c[0]/t[0])*(c[1]/t[1]))
        tot[w].append(ratio)
        row.append((min(t)*1e6,ratio))
        fam=runs[f'{w}-{prec}-1'][k]['gemmtune'].get('family')
        cfg=runs[f'{w}-{prec}-1'][k]['gemmtune'].get('config',{})
        row.append(fam+' '+' '.join(f'{a}={cfg[a]}' for a in ('TSM','TSN','KSPLIT','WPTM','WPTN') if a in cfg)+' '+runs[f'{w}-{prec}-1'][k]['gemmtune'].get('runs_trans',''))
    print('%-22s shipped %8.1f us %.3fx   new %8.1f us %.3fx   | %s || %s'%('x'.join(map(str,k[:3]))+' '+k[3],row[0][0],row[0][1],row[2][0],row[2][1],row[1],row[3]))
for w in tot: print(w, math.exp(sum(map(math.log,tot[w]))/len(tot[w])))
