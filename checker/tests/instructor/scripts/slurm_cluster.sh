# Sourced by run_slurm_batch.sh: a real single-node Slurm cluster on this machine, for one test.
#   slurm_start DIR   starts munged, slurmctld and slurmd with their state, sockets and logs in DIR;
#                     the node has 2 CPUs and one GPU slot (gres/gpu backed by a plain file, so
#                     that --gres=gpu:1 is scheduled as on a GPU cluster: the GPU checks skip)
#   slurm_stop        stops the three daemons
# SLURM_CONF is exported so that sbatch, squeue and the jobs talk to this cluster only.
slurm_start() {
  local dir=$1 host port
  host=$(hostname -s)
  port=$(( 20000 + RANDOM % 20000 ))
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
  chmod 600 "$dir/munge/munge.key"
  munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" || return 1
  touch "$dir/nvidia0"
  echo "NodeName=$host Name=gpu File=$dir/nvidia0" > "$dir/gres.conf"
  cat > "$dir/slurm.conf" <<CONF
ClusterName=memlab-test
SlurmctldHost=$host
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
GresTypes=gpu
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$(nproc) RealMemory=1000 Gres=gpu:1 State=UNKNOWN
PartitionName=grading Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  SLURM_TEST_DIR=$dir
  slurmctld -c -i || return 1
  slurmd -c || return 1
  local i
  for i in $(seq 1 30); do
    sinfo --noheader --states=idle 2>/dev/null | grep -q grading && return 0
    sleep 1
  done
  echo "the test cluster's node did not become idle:"
  sinfo; tail -20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log"
  return 1
}

slurm_stop() {
  local f pid i
  for f in slurmd.pid slurmctld.pid munge/munged.pid; do
    [ -s "$SLURM_TEST_DIR/$f" ] || continue
    pid=$(cat "$SLURM_TEST_DIR/$f")
    kill "$pid" 2>/dev/null
    # Gone before its state folder is removed (a daemon writes its state as it stops).
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  done
  return 0
}
