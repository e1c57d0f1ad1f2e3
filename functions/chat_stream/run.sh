#!/bin/bash
# Lambda handler for the streaming function. Lambda Web Adapter (AWS_LAMBDA_EXEC_WRAPPER=/opt/bootstrap)
# runs this script, waits for GET $AWS_LWA_READINESS_CHECK_PATH to answer, then forwards each
# API Gateway request to uvicorn and streams the response back (AWS_LWA_INVOKE_MODE=response_stream).
# coach_core and its dependencies come from the shared layer (/opt/python). `--ws none`: the API
# has no WebSocket route, and uvicorn would import the websockets library at start (~18 ms).
export PATH="$PATH:$LAMBDA_TASK_ROOT/bin"
export PYTHONPATH="$LAMBDA_TASK_ROOT:/opt/python${PYTHONPATH:+:$PYTHONPATH}${LAMBDA_RUNTIME_DIR:+:$LAMBDA_RUNTIME_DIR}"
exec python -m uvicorn coach_core.stream_app:app \
    --host 127.0.0.1 --port "${AWS_LWA_PORT:-${PORT:-8080}}" \
    --no-access-log --no-server-header --ws none
