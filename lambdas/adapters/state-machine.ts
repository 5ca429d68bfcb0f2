import {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskHeartbeatCommand,
  SendTaskSuccessCommand,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import type { FlowInput, WorkerResult } from '../../shared/schemas/generation-flow';
import { config } from '../lib/config';
import { sfn } from './aws-clients';

/** The generation state machine (Step Functions; locally the ASL interpreter behind SFN_ENDPOINT). */
const machineArn = () => config().GENERATION_STATE_MACHINE_ARN;

/** The execution ARN of a job: executions are named after the job, so starting twice is harmless. */
function executionArn(jobId: string): string {
  const arn = machineArn();
  return `${arn.replace(':stateMachine:', ':execution:')}:${jobId}`;
}

export async function startExecution(jobId: string, input: FlowInput): Promise<void> {
  try {
    await sfn().send(new StartExecutionCommand({ stateMachineArn: machineArn(), name: jobId, input: JSON.stringify(input) }));
  } catch (err) {
    // Same name, same input: Step Functions answers with the running execution; an equal retry is fine.
    if ((err as Error).name !== 'ExecutionAlreadyExists') throw err;
  }
}

export async function stopExecution(jobId: string, cause: string): Promise<void> {
  try {
    await sfn().send(new StopExecutionCommand({ executionArn: executionArn(jobId), error: 'JobCancelled', cause }));
  } catch (err) {
    if ((err as Error).name !== 'ExecutionDoesNotExist') throw err;
  }
}

export type ExecutionState = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE' | 'GONE';

/** The state of a job's execution; GONE when Step Functions has none (never started, or lost with a local restart). */
export async function describeExecution(jobId: string): Promise<{ status: ExecutionState; error?: string; cause?: string }> {
  try {
    const out = await sfn().send(new DescribeExecutionCommand({ executionArn: executionArn(jobId) }));
    return { status: (out.status ?? 'RUNNING') as ExecutionState, error: out.error, cause: out.cause };
  } catch (err) {
    if ((err as Error).name === 'ExecutionDoesNotExist') return { status: 'GONE' };
    throw err;
  }
}

export async function sendTaskSuccess(taskToken: string, output: WorkerResult): Promise<void> {
  await sfn().send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
}

export async function sendTaskFailure(taskToken: string, error: string, cause: string): Promise<void> {
  await sfn().send(new SendTaskFailureCommand({ taskToken, error, cause: cause.slice(0, 32_000) }));
}

export async function sendTaskHeartbeat(taskToken: string): Promise<void> {
  await sfn().send(new SendTaskHeartbeatCommand({ taskToken }));
}

/** The token is gone (execution stopped or timed out): the worker should drop the job. */
export function isTokenGone(err: unknown): boolean {
  const name = (err as Error).name;
  return name === 'TaskTimedOut' || name === 'InvalidToken' || name === 'TaskDoesNotExist';
}
