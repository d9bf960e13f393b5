FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY hookline hookline
COPY api api
COPY workflows workflows
COPY activities activities
COPY cli cli
COPY worker.py .
RUN pip install --no-cache-dir .
ENV HOOKLINE_API_HOST=0.0.0.0
EXPOSE 8000
CMD ["hookline", "api"]
